import Foundation

/// Which archived statuses a page of the Mastodon client API lists (`icebox serve`, issue 45): each
/// timeline route of the API is one of these, read newest first by ``APIStatusKey``.
public enum APIScope: Sendable, Hashable {
    /// The entries of a pinned timeline (home, a list, bookmarks, favourites, a pinned tag…), boosts as
    /// they were listed.
    case timeline(id: Int64)
    /// One author's posts and boosts, as an account's statuses are listed.
    case author(String, filter: AuthorFilter)
    /// The posts carrying a hashtag (a normalized name, as `status_tags` keeps it), boosts left out.
    case tag(String)
    /// Every archived public post (no boosts); only those whose author's handle ends with `@host` when
    /// `host` is given (`local=true`), or only the others when `remote` (`remote=true`).
    case everything(host: String?, remote: Bool)

    /// `exclude_replies`, `exclude_reblogs` and `only_media` of `/api/v1/accounts/:id/statuses`.
    public struct AuthorFilter: Sendable, Hashable {
        public var excludeReplies = false
        public var excludeReblogs = false
        public var onlyMedia = false

        public init(excludeReplies: Bool = false, excludeReblogs: Bool = false, onlyMedia: Bool = false) {
            self.excludeReplies = excludeReplies
            self.excludeReblogs = excludeReblogs
            self.onlyMedia = onlyMedia
        }
    }
}
