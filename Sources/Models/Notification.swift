import Foundation

/// A notification; Icebox archives the statuses of `mention` notifications.
public struct Notification: Codable, Hashable, Sendable {
    /// The notification's own id (the cursor for paging notifications), not the status id.
    public var id: String
    public var type: NotificationType
    public var createdAt: Date
    public var account: Account?
    public var status: Status?

    enum CodingKeys: String, CodingKey {
        case id, type, account, status
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.identifier(.id)
        type = try c.decode(NotificationType.self, forKey: .type)
        createdAt = try c.date(.createdAt)
        account = try c.decodeIfPresent(Account.self, forKey: .account)
        status = try c.decodeIfPresent(Status.self, forKey: .status)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(MastodonDate.format(createdAt), forKey: .createdAt)
        try c.encodeIfPresent(account, forKey: .account)
        try c.encodeIfPresent(status, forKey: .status)
    }
}
