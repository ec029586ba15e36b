import Foundation
import Models

/// Every screen a front end (the REPL, `show`, `export`…) can navigate to, under Ice Cubes' names.
///
/// The people around the posts have their screens too (issue 44): whom an account follows and who
/// follows it (the relation ledger `icebox sync` keeps for the archive's own accounts), who boosted and
/// who favourited a status, a direct-message conversation, and a list of accounts in hand. A screen
/// whose data the archive does not hold says so rather than showing an empty list.
///
/// Identifiers are opaque strings, never numbers: Mastodon snowflakes (`110231912093214213`),
/// GoToSocial ULIDs (`01HZX3V7Y6R3Q9K2M4N8P0T5WB`), Pleroma/Akkoma flake ids (`AM7iejUVqeZiIAYReK`)
/// and Misskey ids (`9abcdefghi`) all pass through unchanged.
public enum RouterDestination: Hashable, Sendable, Codable {
    /// An account's profile: its archived posts, newest first, and what the archive knows of it.
    ///
    /// `id` is either a full handle `user@host` (it contains `@`; this is what URLs resolve to, because
    /// the archive files authors by handle and a handle means the same on every server) or a server's
    /// own account id (no `@`; only meaningful on the server that issued it). Front ends look a handle
    /// up case-insensitively: Mastodon usernames and hosts are case-insensitive, so the username keeps
    /// the case it was written in and only the host is lower-cased.
    case accountDetail(id: String)

    /// An account's profile when the account is already in hand (decoded from a status), so nothing
    /// needs looking up before the screen draws.
    case accountDetailWithAccount(account: Account)

    /// One status with its thread as archived: the post, its edits, its parent and its replies.
    ///
    /// `id` is what a user typed: a server's own id for the status (any server; ambiguous in theory,
    /// since two servers could issue the same id), or the archive's key, the status `uri` (or its web
    /// `url`). A front end resolves it with the archive's reference lookup
    /// (`ArchiveDatabase.findStatus(_:)`), which tries the archive's number, then uri and url, then
    /// the local ids of every server. Links never produce this case: see `remoteStatusDetail(url:)`.
    case statusDetail(id: String)

    /// One status when it is already in hand (from a timeline or search result).
    case statusDetailWithStatus(status: Status)

    /// The status a web link points at: what `resolve(url:)` returns for every status URL.
    ///
    /// A link's id is local to the link's host, so it is never reduced to a bare id. `url` is the link
    /// normalised by `StatusLink` (lower-case scheme and host, default port, query, fragment and trailing
    /// slash dropped, path segments minimally percent-encoded, a `/web` or `/deck` prefix removed). A
    /// front end first looks the URL up as a status `uri` or `url` (exact for the ActivityPub uri form
    /// `/users/u/statuses/1` and for the web form the server itself reported), then falls back to
    /// `StatusLink(url:)`'s `(host, localID)`, the status's id on that host, which the archive keeps
    /// for every server it read the status from. Nothing is fetched: a status not archived is absent.
    case remoteStatusDetail(url: URL)

    /// A hashtag's archived posts, from everyone, or from one account when `account` (a `user@host`
    /// handle) is given, as Mastodon's `/@user/tagged/tag` page shows.
    ///
    /// `tag` keeps the case it was written in (`SwiftUI` reads better than `swiftui`) and has no `#`.
    /// Tags are case-insensitive: match them by `RouterDestination.tagKey(_:)`.
    case hashTag(tag: String, account: String?)

    /// A Mastodon list's archived timeline (the pinned timeline `list:ID`).
    case list(list: ListRef)

    /// Archive search results for a query in Icebox's search language.
    case searchResults(query: String)

    /// One pinned timeline's archived posts, in the order they were seen. `spec` is the canonical
    /// text of a `TimelineSpec` (`home`, `tag:swift`, `remote:fosstodon.org`…); build the case with
    /// `pinnedTimeline(_:)` and read it back with `timelineSpec`.
    case pinnedTimeline(spec: String)

    /// Whom an account follows, as the relation ledger keeps it; `id` as in `accountDetail(id:)`.
    case following(id: String)

    /// Who follows an account, as the relation ledger keeps it; `id` as in `accountDetail(id:)`.
    case followers(id: String)

    /// Who favourited a status; `id` as in `statusDetail(id:)`.
    case favoritedBy(id: String)

    /// Who boosted a status (the archived boosts of it); `id` as in `statusDetail(id:)`.
    case rebloggedBy(id: String)

    /// One direct-message conversation, by its server's conversation id.
    case conversationDetail(id: String)

    /// Accounts already in hand (who boosted a status, say).
    case accountsList(accounts: [Account])
}

extension RouterDestination {
    /// The route to a pinned timeline, from the spec itself.
    public static func pinnedTimeline(_ spec: TimelineSpec) -> RouterDestination {
        .pinnedTimeline(spec: spec.description)
    }

    /// The timeline a `pinnedTimeline` route names; `nil` for other routes or text that is not a spec.
    public var timelineSpec: TimelineSpec? {
        guard case .pinnedTimeline(let text) = self else { return nil }
        return try? TimelineSpec(parsing: text)
    }

    /// The form of a hashtag to compare and look up by: no `#`, compatibility-normalised (NFKC, so
    /// full-width letters match) and lower-cased, as Mastodon matches tags.
    public static func tagKey(_ tag: String) -> String {
        let bare = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
        return bare.precomposedStringWithCompatibilityMapping.lowercased()
    }
}
