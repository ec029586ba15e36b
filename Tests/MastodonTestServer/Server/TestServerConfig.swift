import Foundation

/// Everything that shapes a ``TestServer``: its corpus, tokens, limits, access policy and faults.
///
/// The server listens on a loopback address (127.0.0.1 unless ``bindAddress`` says another).
public struct TestServerConfig: Sendable {
    /// The IPv4 loopback address to listen on: 127.0.0.2, 127.0.0.3… stand for other hosts in tests.
    public var bindAddress = "127.0.0.1"
    /// Hostile behaviours (redirects, bombs, trickles, endless cursors); none by default.
    public var hostile = HostileModes()
    /// TCP port on 127.0.0.1; 0 picks a free ephemeral port (read it back from ``TestServer/baseURL``).
    public var port: UInt16 = 0
    /// Seed of the deterministic corpus (accounts, statuses, ids, bookmarks, notifications).
    public var seed: UInt64 = 1
    /// Number of synthetic statuses generated at start (boosts included).
    public var statusCount: Int = 200
    /// Number of local accounts (usernames alice, bob, carol, … then user9, user10 …).
    public var localAccountCount: Int = 6
    /// Number of remote accounts (`user@other.example`-style).
    public var remoteAccountCount: Int = 10
    /// Accounts on `fans.example` that follow the first local account (alice) and post nothing: a big
    /// account's followers, for the relation walk's benchmark (issue 44). Looked up by index, so even
    /// 100,000 of them cost each request no scan.
    public var fanCount: Int = 0
    /// The server's domain for `uri`/`url`/`acct`; a URL is accepted and reduced to its host.
    public var domain: String = "icebox.test"
    /// Access tokens mapped to the username of the local account that owns them.
    public var tokens: [String: String] = ["test-token": "alice"]
    /// The share (0…1) of all accounts each local user follows; their home shows those accounts' statuses.
    public var homeShare: Double = 0.6
    /// Like Mastodon's feed trimming: home and list feeds keep only this many newest entries (nil = all).
    public var homeFeedLimit: Int?
    /// Request budget per token (or per client address when anonymous).
    public var rateLimit = RateLimit()
    /// Anonymous access to the public and hashtag timelines (Mastodon 4.5's `timelines_access`).
    public var timelinesAccess = TimelinesAccess()
    /// A folder of real status JSON files served on `tag/fixtures` and by `/api/v1/statuses/:id`.
    public var fixturesDirectory: URL?
    /// Faults to inject into responses; none by default.
    public var faults = Faults()
    /// Answers unlike Mastodon's documentation that real servers give; none by default.
    public var quirks = Quirks()
    /// The streaming API (on by default, heartbeats every 15 s, same origin).
    public var streaming = StreamingConfig()
    /// `created_at` of the oldest generated status; later ones follow at seeded intervals.
    public var startDate = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z

    /// A configuration with all defaults.
    public init() {}

    /// The host part of ``domain``.
    var host: String {
        if domain.contains("://"), let host = URL(string: domain)?.host { return host }
        return domain.split(separator: "/").first.map(String.init) ?? domain
    }
}

/// A request budget: `limit` requests per `window` seconds, per token or per anonymous client.
public struct RateLimit: Sendable, Codable, Equatable {
    /// Requests allowed per window.
    public var limit: Int
    /// Window length in seconds.
    public var window: TimeInterval

    /// Mastodon's default: 300 requests per 5 minutes.
    public init(limit: Int = 300, window: TimeInterval = 300) {
        self.limit = limit
        self.window = window
    }
}

/// Who may read a feed without a token, as in Mastodon's `configuration.timelines_access`.
public enum FeedAccess: String, Sendable, Codable, CaseIterable {
    /// Anyone, with or without a token.
    case `public`
    /// Token required: anonymous requests get 422 "This method requires an authenticated user".
    case authenticated
    /// Nobody: the feed answers `200 []`.
    case disabled
}

/// The four feed-access settings of Mastodon 4.5+ (live feeds and hashtag feeds, each local and remote).
public struct TimelinesAccess: Sendable, Codable, Equatable {
    public var liveFeedsLocal: FeedAccess
    public var liveFeedsRemote: FeedAccess
    public var hashtagFeedsLocal: FeedAccess
    public var hashtagFeedsRemote: FeedAccess

    /// All four set to the same value (default: public).
    public init(all: FeedAccess = .public) {
        liveFeedsLocal = all
        liveFeedsRemote = all
        hashtagFeedsLocal = all
        hashtagFeedsRemote = all
    }

    /// Each setting given separately.
    public init(
        liveFeedsLocal: FeedAccess, liveFeedsRemote: FeedAccess,
        hashtagFeedsLocal: FeedAccess, hashtagFeedsRemote: FeedAccess
    ) {
        self.liveFeedsLocal = liveFeedsLocal
        self.liveFeedsRemote = liveFeedsRemote
        self.hashtagFeedsLocal = hashtagFeedsLocal
        self.hashtagFeedsRemote = hashtagFeedsRemote
    }
}
