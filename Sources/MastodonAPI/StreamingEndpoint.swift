import Foundation

/// One stream of Mastodon's streaming API, as server-sent events (`GET /api/v1/streaming/…`).
public enum StreamingEndpoint: Sendable, Hashable {
    /// The user's home, with deletions and edits (`user`; a token is required).
    case user
    /// `public:local`, `public`.
    case publicFeed(local: Bool)
    /// `hashtag`, `hashtag:local`.
    case hashtag(String, local: Bool)
    /// `list` (its owner's token is required).
    case list(String)

    /// The path and query below the streaming origin.
    public var pathAndQuery: (path: String, query: [URLQueryItem]) {
        switch self {
        case .user: ("/api/v1/streaming/user", [])
        case .publicFeed(let local): (local ? "/api/v1/streaming/public/local" : "/api/v1/streaming/public", [])
        case .hashtag(let tag, let local):
            (
                local ? "/api/v1/streaming/hashtag/local" : "/api/v1/streaming/hashtag",
                [URLQueryItem(name: "tag", value: tag)]
            )
        case .list(let id): ("/api/v1/streaming/list", [URLQueryItem(name: "list", value: id)])
        }
    }

    /// Whether the stream needs the user's token.
    public var requiresToken: Bool {
        switch self {
        case .user, .list: true
        case .publicFeed, .hashtag: false
        }
    }
}
