import Foundation

/// Timeline endpoints: every one pages newest first with `max_id` / `min_id`.
public enum Timelines: Endpoint, Hashable {
    case home
    /// `/api/v1/timelines/public`; `local` for the server's own posts, `remote` for others' only.
    case pub(local: Bool, remote: Bool = false)
    /// A hashtag, optionally with `any[]`, `all[]`, `none[]` (up to 4 each) and `local`.
    case hashtag(tag: String, any: [String] = [], all: [String] = [], none: [String] = [], local: Bool = false)
    case list(id: String)
    /// Paged by the bookmark row id (opaque), not the status id.
    case bookmarks
    /// Paged by the favourite row id (opaque), not the status id.
    case favourites
    /// An account's own posts, boosts included unless `excludeReblogs`.
    case account(id: String, excludeReplies: Bool = false, excludeReblogs: Bool = false)

    public var path: String {
        switch self {
        case .home: "/api/v1/timelines/home"
        case .pub: "/api/v1/timelines/public"
        case .hashtag(let tag, _, _, _, _): "/api/v1/timelines/tag/\(segment(tag))"
        case .list(let id): "/api/v1/timelines/list/\(segment(id))"
        case .bookmarks: "/api/v1/bookmarks"
        case .favourites: "/api/v1/favourites"
        case .account(let id, _, _): "/api/v1/accounts/\(segment(id))/statuses"
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .pub(let local, let remote):
            return (local ? [URLQueryItem(name: "local", value: "true")] : [])
                + (remote ? [URLQueryItem(name: "remote", value: "true")] : [])
        case .hashtag(_, let any, let all, let none, let local):
            return any.map { URLQueryItem(name: "any[]", value: $0) }
                + all.map { URLQueryItem(name: "all[]", value: $0) }
                + none.map { URLQueryItem(name: "none[]", value: $0) }
                + (local ? [URLQueryItem(name: "local", value: "true")] : [])
        case .account(_, let excludeReplies, let excludeReblogs):
            return (excludeReplies ? [URLQueryItem(name: "exclude_replies", value: "true")] : [])
                + (excludeReblogs ? [URLQueryItem(name: "exclude_reblogs", value: "true")] : [])
        default:
            return []
        }
    }

    public var requiresToken: Bool {
        switch self {
        case .home, .list, .bookmarks, .favourites: true
        case .pub, .hashtag, .account: false
        }
    }
}

/// Notifications; Icebox reads mentions to keep replies to the user.
public enum Notifications: Endpoint, Hashable {
    case list(types: [String])

    public var path: String { "/api/v1/notifications" }
    public var queryItems: [URLQueryItem] {
        switch self {
        case .list(let types): types.map { URLQueryItem(name: "types[]", value: $0) }
        }
    }
    public var requiresToken: Bool { true }
}

/// Direct-message conversations (issue 44), paged by their last statuses' ids.
public enum Conversations: Endpoint, Hashable {
    case list

    public var path: String { "/api/v1/conversations" }
    public var queryItems: [URLQueryItem] { [] }
    public var requiresToken: Bool { true }
}
