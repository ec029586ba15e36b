import Foundation

/// Who boosted a post, as the archive saw it.
public struct ArchivedBoost: Sendable, Hashable {
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
}
