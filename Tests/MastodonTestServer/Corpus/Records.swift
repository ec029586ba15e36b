import Foundation

/// An account of the synthetic corpus. `host == nil` means local to the server's domain.
struct AccountRecord: Sendable {
    struct Field: Sendable {
        let name: String
        let value: String
        let verified: Bool
    }

    let index: Int
    let id: String
    let username: String
    let host: String?
    var displayName: String
    var note: String
    let createdAt: Date
    let bot: Bool
    let locked: Bool
    let fields: [Field]
    /// Custom emoji shortcodes used in `displayName`.
    let emojis: [String]
    var followersCount: Int
    var followingCount: Int
    var statusesCount = 0
    var lastStatusAt: Date?
    /// Mastodon 4.2's opt-in to full-text search, and the older "keep me out of search engines".
    var indexable = true
    var noindex = false
    /// Paths on the server of the avatar and header (`/media/…`), when set (``TestServer/setProfileImages(avatar:header:username:)``);
    /// `/media/avatars/<id>.png` and `/media/headers/<id>.png` otherwise.
    var avatarPath: String?
    var headerPath: String?

    var isLocal: Bool { host == nil }
    func acct() -> String { host.map { "\(username)@\($0)" } ?? username }
}

/// A media attachment; its files are served from `BASE/media/<id>.<ext>`.
struct MediaRecord: Sendable {
    let id: String
    let type: String
    let fileExtension: String
    let description: String?
    let width: Int
    let height: Int
    let blurhash: String
    let duration: Double?
    /// A path on the server (`/media/fault/html/x.png`, say) served instead of `/media/<id>.<ext>`.
    var path: String? = nil
}

struct PollRecord: Sendable {
    struct Option: Sendable {
        let title: String
        let votes: Int
    }
    let id: String
    let expiresAt: Date
    let multiple: Bool
    let options: [Option]
    let voters: Int
}

struct CardRecord: Sendable {
    let url: String
    let title: String
    let description: String
    let provider: String
    let imageID: String?
    let blurhash: String?
}

/// One earlier version of an edited status (for `/api/v1/statuses/:id/history`).
struct EditRecord: Sendable {
    let content: String
    let spoilerText: String
    let sensitive: Bool
    let createdAt: Date
}

enum Visibility: String, Sendable { case `public`, unlisted, `private`, direct }

/// A synthetic status. Boosts are wrappers: `reblogOf` set, `content` empty.
struct StatusRecord: Sendable {
    let id: String
    let createdAt: Date
    let author: Int
    var content: String
    var spoilerText: String
    var sensitive: Bool
    let visibility: Visibility
    let language: String?
    var media: [MediaRecord]
    var poll: PollRecord?
    var card: CardRecord?
    let tags: [String]
    let mentions: [Int]
    let emojis: [String]
    let inReplyToID: String?
    let inReplyToAccount: Int?
    let reblogOf: String?
    /// The id this status has on its origin server (remote statuses only), used in `uri` and `url`.
    let originID: String
    var reblogsCount: Int
    var favouritesCount: Int
    var repliesCount = 0
    var editedAt: Date?
    /// Earlier versions, oldest first (empty until edited).
    var history: [EditRecord] = []

    var isReblog: Bool { reblogOf != nil }
}

/// A real status payload from the fixtures folder, served byte-for-byte.
struct FixtureStatus: Sendable {
    let id: String
    let bytes: Data
    let file: String
}

/// A bookmark, favourite or notification row: its own small id, not the status id.
struct Row: Sendable {
    let rowID: Int
    let statusID: String?
    let type: String
    let fromAccount: Int
    let createdAt: Date
    /// A notification whose status is served without its `account`, so that no client can read it.
    var brokenStatus = false
}

/// A list of the token owner: a subset of the accounts they follow.
struct ListRecord: Sendable {
    let id: String
    let owner: Int
    var title: String
    var members: Set<Int>
    /// `followed`, `list` or `none`, as Mastodon's `List` entity has it.
    var repliesPolicy = "list"
    var exclusive = false
}

/// A follow's own settings, as `/api/v1/accounts/relationships` shows them (Mastodon's defaults for a
/// new follow: boosts shown, no notifications, every language).
struct FollowSettingRecord: Sendable, Hashable {
    var showingReblogs = true
    var notifying = false
    var languages: [String]?
}

/// A direct-message conversation of one local account (issue 44): its last status, by which Mastodon pages
/// the list, and the other accounts in it.
struct ConversationRecord: Sendable {
    let id: Int
    var lastStatusID: String
    var participants: [Int]
    var unread: Bool
    /// Its last status served without its `account`, so that no client can read it.
    var brokenStatus = false
    /// Its last status served as `null` (Mastodon does so for a status the viewer may no longer see).
    var nullStatus = false
}
