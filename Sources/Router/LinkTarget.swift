import Foundation

/// What a web path names, before it becomes a route: the URL table every front end shares.
enum LinkTarget: Hashable, Sendable {
    /// A status page; `localID` is the status's id on the link's host, when the path carries one.
    case status(localID: String?)
    /// A profile, as a `user@host` handle.
    case account(handle: String)
    /// A hashtag page, everyone's or one account's.
    case tag(String, account: String?)
    /// A profile's following or followers tab, as a `user@host` handle.
    case following(handle: String)
    case followers(handle: String)
    /// Who boosted or favourited a status (`/@u/ID/reblogs`, `/@u/ID/favourites`): the status is the
    /// link without its last segment.
    case rebloggedBy
    case favoritedBy

    /// Mastodon profile tabs that still show the profile (`/@alice/media`), checked before ids.
    private static let profileTabs: Set<String> = ["with_replies", "media"]
    /// Single-segment status pages: Pleroma/Akkoma `/notice/ID`, Misskey/Sharkey `/notes/ID`,
    /// GoToSocial and the Mastodon web app `/statuses/ID`.
    private static let statusPrefixes: Set<String> = ["notice", "notes", "statuses"]

    /// The target of `segments` (decoded, `web`/`deck` prefix removed) on `host`, or `nil`.
    ///
    /// | path                               | target                                  |
    /// |------------------------------------|-----------------------------------------|
    /// | `/@u`, `/@u/media`…                | account `u@host`                        |
    /// | `/@u/following`, `/@u/followers`   | whom `u@host` follows, who follows them |
    /// | `/@u/ID/reblogs`, `/@u/ID/favourites` | who boosted, favourited `/@u/ID`     |
    /// | `/@u@other`                        | account `u@other`                       |
    /// | `/users/u`                         | account `u@host`                        |
    /// | `/@u/ID`, `/@u/statuses/ID`        | status, id `ID` on host                 |
    /// | `/users/u/statuses/ID`             | status (the ActivityPub uri), id `ID`   |
    /// | `/p/u/ID`, `/i/web/post/ID`        | Pixelfed status, id `ID`                |
    /// | `/notice/ID`, `/notes/ID`, `/statuses/ID` | status, id `ID`                  |
    /// | `/objects/UUID`                    | Pleroma object uri: status, no local id |
    /// | `/tags/t`, `/tag/t`, `/discover/tags/t` | hashtag `t`                        |
    /// | `/@u/tagged/t`                     | hashtag `t` by `u@host`                 |
    static func of(_ segments: [String], host: String) -> LinkTarget? {
        let s = segments
        switch s.count {
        case 1:
            return Segment.handle(s[0], host: host).map { .account(handle: $0) }
        case 2:
            if s[0] == "users", !s[1].contains("@"), let handle = Segment.qualified(s[1], host: host) {
                return .account(handle: handle)
            }
            if s[0] == "tags" || s[0] == "tag", Segment.isTag(s[1]) { return .tag(s[1], account: nil) }
            if statusPrefixes.contains(s[0]), Segment.isID(s[1]) { return .status(localID: s[1]) }
            if s[0] == "objects", Segment.isID(s[1]) { return .status(localID: nil) }
            if let handle = Segment.handle(s[0], host: host) {
                if profileTabs.contains(s[1]) { return .account(handle: handle) }
                if s[1] == "following" { return .following(handle: handle) }
                if s[1] == "followers" { return .followers(handle: handle) }
                if Segment.isID(s[1]) { return .status(localID: s[1]) }
            }
        case 3:
            if s[0] == "discover", s[1] == "tags", Segment.isTag(s[2]) { return .tag(s[2], account: nil) }
            if s[0] == "p", Segment.isUsername(s[1]), Segment.isID(s[2]) { return .status(localID: s[2]) }
            if let handle = Segment.handle(s[0], host: host) {
                if s[1] == "tagged", Segment.isTag(s[2]) { return .tag(s[2], account: handle) }
                if s[1] == "statuses", Segment.isID(s[2]) { return .status(localID: s[2]) }
                if Segment.isID(s[1]), s[2] == "reblogs" { return .rebloggedBy }
                if Segment.isID(s[1]), s[2] == "favourites" { return .favoritedBy }
            }
        case 4:
            if s[0] == "i", s[1] == "web", s[2] == "post", Segment.isID(s[3]) { return .status(localID: s[3]) }
            if s[0] == "users", Segment.isUsername(s[1]), s[2] == "statuses", Segment.isID(s[3]) {
                return .status(localID: s[3])
            }
        default:
            break
        }
        return nil
    }
}
