import Foundation

/// What a server says about itself: `/api/v2/instance`, the parts Icebox uses.
public struct Instance: Codable, Hashable, Sendable {
    public var domain: String
    public var title: String
    public var version: String
    public var configuration: Configuration?

    /// Server configuration; only the timeline access policy matters to an archiver.
    public struct Configuration: Codable, Hashable, Sendable {
        public var timelinesAccess: TimelinesAccess?
        enum CodingKeys: String, CodingKey { case timelinesAccess = "timelines_access" }
    }

    /// Who may read the public feeds (Mastodon 4.5+): `public`, `authenticated` or `disabled`.
    public struct TimelinesAccess: Codable, Hashable, Sendable {
        public var liveFeeds: Scopes?
        public var hashtagFeeds: Scopes?
        enum CodingKeys: String, CodingKey {
            case liveFeeds = "live_feeds"
            case hashtagFeeds = "hashtag_feeds"
        }
    }

    /// One policy for local content, one for remote content.
    public struct Scopes: Codable, Hashable, Sendable {
        public var local: String?
        public var remote: String?
    }

    enum CodingKeys: String, CodingKey { case domain, title, version, configuration }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        domain = try c.string(.domain)
        title = try c.string(.title)
        version = try c.string(.version)
        configuration = try? c.decodeIfPresent(Configuration.self, forKey: .configuration)
    }
}
