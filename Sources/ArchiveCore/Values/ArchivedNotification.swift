import Foundation
import Models

/// A notification as the archive keeps it: `icebox notifications --json` (see docs/json.md). Its object as
/// the server sent it is `raw`, printed only by `--raw`.
public struct ArchivedNotification: Codable, Sendable, Hashable {
    /// The archiving account's handle.
    public var account: String
    /// Its id on the account's server.
    public var id: String
    /// `mention`, `favourite`, `follow`… or a type not known yet, as sent.
    public var type: String
    /// When it happened; nil when the server sent no readable date.
    @EncodedAsNull public var createdAt: String?
    /// Who it is from, `user@host`; nil when unreadable.
    @EncodedAsNull public var acct: String?
    /// Their display name as sent; empty when unknown.
    public var displayName: String
    /// The status it is about, when it has one.
    @EncodedAsNull public var statusURI: String?
    @EncodedAsNull public var statusURL: String?
    /// The notification object byte for byte as its server last sent it (not in the JSON record).
    public var raw: Data = Data()

    enum CodingKeys: String, CodingKey {
        case account, id, type, acct
        case createdAt = "created_at"
        case displayName = "display_name"
        case statusURI = "status_uri"
        case statusURL = "status_url"
    }

    package init(
        account: String, id: String, type: String, createdAt: String?, acct: String?, displayName: String,
        statusURI: String?, statusURL: String?, raw: Data
    ) {
        self.account = account
        self.id = id
        self.type = type
        self.createdAt = createdAt
        self.acct = acct
        self.displayName = displayName
        self.statusURI = statusURI
        self.statusURL = statusURL
        self.raw = raw
    }
}

/// How many notifications of one type the archive keeps (`stats`).
public struct NotificationCount: Codable, Sendable, Hashable {
    public var type: String
    public var count: Int

    public init(type: String, count: Int) {
        self.type = type
        self.count = count
    }
}
