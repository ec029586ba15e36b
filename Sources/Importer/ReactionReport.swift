import Foundation
import MastodonAPI
import Models

/// What a sync's asking about one account's own posts did (issue 44, `icebox config reactions on`).
public struct ReactionReport: Sendable, Codable, Hashable {
    /// The archiving account's handle.
    public var account: String
    /// Posts asked about this run (their favourites, boosts or both).
    public var posts = 0
    /// Pages read, accounts they listed, and how many of those were new to the archive.
    public var pages = 0
    public var seen = 0
    public var new = 0
    /// A post's lists were longer than a run reads of one post: the rest is not asked.
    public var truncated = 0
    /// The rate budget was down to what the timelines and other apps keep: the rest goes on next run.
    public var deferred = false
    @EncodedAsNull public var error: String?
    var apiError: APIError?

    init(account: String, error: String? = nil) {
        self.account = account
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case account, posts, pages, seen, new, truncated, deferred, error
    }
}
