import Foundation

/// A direct-message conversation as a server sent it (issue 44, `GET /api/v1/conversations`): the few
/// fields Icebox lists it by, read leniently, and its object byte for byte. Its `last_status` is archived
/// as a post (one that cannot be read goes on the unreadable list and the conversation is kept all the
/// same); a member not known yet is kept in the bytes.
public struct ArchivableConversation: Sendable, Hashable {
    /// The conversation's id on its server, the key it is kept by for the account that reads it.
    public var id: String
    /// Whether the server marks it unread.
    public var unread: Bool
    /// Its participants other than the account reading it, `user@host`, as sent (an account that cannot be
    /// read is left out).
    public var accounts: [String]
    /// Its last status, when it has one (null for a conversation whose statuses are gone).
    public var lastStatus: EmbeddedStatus?
    /// When its last status was made, when that status could be read.
    public var lastStatusCreatedAt: Date?
    /// The conversation object, byte for byte as it appeared in the response.
    public var raw: Data

    public init(
        id: String, unread: Bool, accounts: [String], lastStatus: EmbeddedStatus?, lastStatusCreatedAt: Date?,
        raw: Data
    ) {
        self.id = id
        self.unread = unread
        self.accounts = accounts
        self.lastStatus = lastStatus
        self.lastStatusCreatedAt = lastStatusCreatedAt
        self.raw = raw
    }

    /// Why a conversation could not be read at all: it has no id to keep it by.
    public typealias Unreadable = UnreadableObject

    /// Reads one conversation object, keeping its bytes. Only an object without a readable `id` throws.
    ///
    /// - Parameter server: the host (with port) that served it, for handles without a domain.
    public static func decode(_ raw: Data, servedBy server: String) throws(Unreadable) -> ArchivableConversation {
        let head = try Unreadable.decoding(Head.self, kind: "conversation", from: raw)
        let last = EmbeddedStatus.read("last_status", of: raw, servedBy: server)
        return ArchivableConversation(
            id: head.id, unread: head.unread,
            accounts: head.accounts.compactMap { $0.account?.fullHandle(servedBy: server) }, lastStatus: last,
            lastStatusCreatedAt: last?.status?.status.createdAt, raw: raw)
    }

    /// What a conversation is listed by; each participant is read whole or left out.
    private struct Head: Decodable {
        var id: String
        var unread: Bool
        var accounts: [Lenient]

        enum CodingKeys: String, CodingKey { case id, unread, accounts }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.identifier(.id)
            guard !id.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .id, in: c, debugDescription: "empty")
            }
            unread = (try? c.decodeIfPresent(Bool.self, forKey: .unread)) ?? false
            accounts = (try? c.decodeIfPresent([Lenient].self, forKey: .accounts)) ?? []
        }
    }

    /// An account, or nothing when it cannot be read.
    private struct Lenient: Decodable {
        var account: Account?
        init(from decoder: any Decoder) throws { account = try? Account(from: decoder) }
    }
}
