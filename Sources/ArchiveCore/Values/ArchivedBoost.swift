import Foundation

/// Who boosted a post, as the archive saw it: from a row of `ExportStatements.boosts` (the boost's own
/// `statuses` row), or who boosted or favourited it, from `NotificationStatements.reactions` (the
/// notifications of the post's author). Decodes on either store through `RowDecoder`: its coding keys
/// are the columns.
public struct ArchivedBoost: Sendable, Hashable, Decodable {
    /// The booster's `user@host` and display name.
    public var handle: String
    public var name: String
    /// When the boost was made (Mastodon's date format).
    public var createdAt: String

    package init(handle: String, name: String, createdAt: String) {
        self.handle = handle
        self.name = name
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case handle = "author_handle"
        case name = "author_name"
        case createdAt = "created_at"
    }
}
