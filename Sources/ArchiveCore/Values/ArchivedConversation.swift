import Foundation
import Models

/// A direct-message conversation as the archive keeps it: `icebox conversations --json` (see
/// docs/json.md). Its object as the server sent it is `raw`, printed only by `--raw`.
public struct ArchivedConversation: Codable, Sendable, Hashable {
    /// The archiving account's handle.
    public var account: String
    /// Its id on the account's server.
    public var id: String
    /// Whether the server marked it unread when it was last seen.
    public var unread: Bool
    /// Its participants other than the account, `user@host`, in the server's order.
    public var accounts: [String]
    /// Its last status: id on the server, uri, url, when it was made; nil when it has none (or, for the
    /// date, when that status could not be read).
    @EncodedAsNull public var lastStatusID: String?
    @EncodedAsNull public var lastStatusURI: String?
    @EncodedAsNull public var lastStatusURL: String?
    @EncodedAsNull public var lastStatusCreatedAt: String?
    /// The last status's plain text as archived; nil when the archive holds no readable copy.
    @EncodedAsNull public var lastStatusText: String?
    /// When the archive first and last saw the conversation.
    public var firstSeen: String
    public var lastSeen: String
    /// The archive's number of its last status, when it holds one (not in the JSON record).
    public var lastStatusNumber: Int64?
    /// The conversation object byte for byte as its server last sent it (not in the JSON record).
    public var raw: Data = Data()

    enum CodingKeys: String, CodingKey {
        case account, id, unread, accounts
        case lastStatusID = "last_status_id"
        case lastStatusURI = "last_status_uri"
        case lastStatusURL = "last_status_url"
        case lastStatusCreatedAt = "last_status_created_at"
        case lastStatusText = "last_status_text"
        case firstSeen = "first_seen"
        case lastSeen = "last_seen"
    }

    package init(
        account: String, id: String, unread: Bool, accounts: [String], lastStatusID: String?,
        lastStatusURI: String?, lastStatusURL: String?, lastStatusCreatedAt: String?, lastStatusText: String?,
        firstSeen: String, lastSeen: String, lastStatusNumber: Int64?, raw: Data
    ) {
        self.account = account
        self.id = id
        self.unread = unread
        self.accounts = accounts
        self.lastStatusID = lastStatusID
        self.lastStatusURI = lastStatusURI
        self.lastStatusURL = lastStatusURL
        self.lastStatusCreatedAt = lastStatusCreatedAt
        self.lastStatusText = lastStatusText
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.lastStatusNumber = lastStatusNumber
        self.raw = raw
    }
}
