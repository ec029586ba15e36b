import Foundation

/// What the posts of the archive (or of one timeline) are: the most frequent hashtags, authors, their
/// servers and languages, and how many posts each month. A boost counts as the post it boosts, once.
public struct ArchiveBreakdown: Codable, Hashable, Sendable {
    package init(posts: Int, hashtags: [Count], authors: [Count], servers: [Count], languages: [Count], months: [Count])
    {
        self.posts = posts
        self.hashtags = hashtags
        self.authors = authors
        self.servers = servers
        self.languages = languages
        self.months = months
    }

    /// A value and how many posts have it.
    public struct Count: Codable, Hashable, Sendable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// Posts counted.
    public var posts: Int
    /// Most frequent first (ties by name), at most the `top` asked.
    public var hashtags: [Count]
    public var authors: [Count]
    /// The host part of the authors' handles.
    public var servers: [Count]
    /// `unknown` for posts without a language.
    public var languages: [Count]
    /// Every month with posts, `YYYY-MM` (UTC), oldest first.
    public var months: [Count]
}
