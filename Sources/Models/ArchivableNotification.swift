import Foundation

/// A notification as a server sent it (issue 44): the few fields Icebox lists it by, read leniently, and
/// its object byte for byte. Its type is any text, those not known yet too (Mastodon adds types with its
/// versions: `status` and `update` in 3.5, `severed_relationships` and `moderation_warning` in 4.3,
/// `quote` in 4.5), so a new one is kept as it came and never costs the page.
public struct ArchivableNotification: Sendable, Hashable {
    /// The notification's own id on its server: the cursor its list pages by.
    public var id: String
    /// `mention`, `favourite`, `follow`… or a type not known yet, as sent.
    public var type: String
    /// When it happened; nil when the server sent no readable date.
    public var createdAt: Date?
    /// Who it is from, `user@host`; nil when its `account` could not be read.
    public var fromAcct: String?
    /// Their display name as sent; empty when unknown.
    public var fromName: String
    /// The status it is about, when it has one that could be read (an unreadable one is on the page's
    /// unreadable list; see ``statusURI`` for its key all the same).
    public var status: ArchivableStatus?
    /// The `uri` and `url` of its status, read from the status's bytes even when the status could not be read.
    public var statusURI: String?
    public var statusURL: String?
    /// The notification object, byte for byte as it appeared in the response.
    public var raw: Data

    public init(
        id: String, type: String, createdAt: Date?, fromAcct: String?, fromName: String,
        status: ArchivableStatus?, statusURI: String?, statusURL: String?, raw: Data
    ) {
        self.id = id
        self.type = type
        self.createdAt = createdAt
        self.fromAcct = fromAcct
        self.fromName = fromName
        self.status = status
        self.statusURI = statusURI
        self.statusURL = statusURL
        self.raw = raw
    }

    /// Why a notification could not be read at all: it has no id or no type to keep it by.
    public typealias Unreadable = UnreadableObject

    /// Reads one notification object, keeping its bytes; its status, when it has one, is read as a
    /// timeline's status is, and one that cannot be read comes back beside it (`unreadableStatus`).
    /// Only an object without a readable `id` or `type` throws.
    ///
    /// - Parameter server: the host (with port) that served it, for handles without a domain.
    public static func decode(_ raw: Data, servedBy server: String) throws(Unreadable)
        -> (notification: ArchivableNotification, unreadableStatus: UnreadableStatus?)
    {
        let head = try Unreadable.decoding(Head.self, kind: "notification", from: raw)
        var notification = ArchivableNotification(
            id: head.id, type: head.type, createdAt: head.createdAt,
            fromAcct: head.account?.fullHandle(servedBy: server), fromName: head.account?.displayName ?? "",
            status: nil, statusURI: nil, statusURL: nil, raw: raw)
        guard let embedded = EmbeddedStatus.read("status", of: raw, servedBy: server) else {
            return (notification, nil)
        }
        notification.status = embedded.status
        notification.statusURI = embedded.uri
        notification.statusURL = embedded.url
        return (notification, embedded.unreadable)
    }

    /// What a notification is listed by. Its account is read whole or not at all: an account that cannot
    /// be read leaves the notification without a sender, never unkept.
    private struct Head: Decodable {
        var id: String
        var type: String
        var createdAt: Date?
        var account: Account?

        enum CodingKeys: String, CodingKey {
            case id, type, account
            case createdAt = "created_at"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.identifier(.id)
            type = try c.decode(String.self, forKey: .type)
            guard !id.isEmpty, !type.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: id.isEmpty ? .id : .type, in: c, debugDescription: "empty")
            }
            createdAt = try? c.optionalDate(.createdAt)
            account = try? c.decodeIfPresent(Account.self, forKey: .account)
        }
    }
}
