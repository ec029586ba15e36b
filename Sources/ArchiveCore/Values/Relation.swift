import Foundation
import Models

/// A kind of relation an archiving account has with other accounts, domains, hashtags or its lists
/// (issue 44), named as Mastodon's endpoints name them: whom it follows, who follows it, whom it mutes
/// and blocks, which domains it blocks, whom it endorses, which hashtags it follows and features, its
/// lists and their members, and its private notes on accounts.
public enum RelationKind: String, Codable, CaseIterable, Sendable {
    case following
    case followers
    case mutes
    case blocks
    case domainBlocks = "domain_blocks"
    case endorsements
    case followedTags = "followed_tags"
    case featuredTags = "featured_tags"
    /// The account's lists: the target is a list's id, the display name its title.
    case lists
    /// The members of the account's lists, each with its list (``RelationEntry/list``): read by the walk
    /// of `lists`, and ended with it.
    case listMembers = "list_members"
    /// The account's private notes on accounts, from `/api/v1/accounts/relationships`.
    case notes

    /// The kind in words, for a report line ("domain blocks").
    public var words: String { rawValue.replacingOccurrences(of: "_", with: " ") }

    /// The kinds a sync walks, in order: each walk of `lists` reads the members too, and `notes` asks
    /// about the accounts the walks before it found.
    public static let walked: [RelationKind] = allCases.filter { $0 != .listMembers }

    /// The kind whose walk reads this one: `lists` for list members, the kind itself otherwise.
    public var walkedAs: RelationKind { self == .listMembers ? .lists : self }

    /// The kinds whose holding relations a whole walk of this kind ends when it did not see them.
    public var endedByItsWalk: [RelationKind] { self == .lists ? [.lists, .listMembers] : [self] }
}

/// A follow's own settings as `/api/v1/accounts/relationships` gives them: whether its boosts are
/// shown, whether each new post is notified, and the languages shown (nil: every language).
public struct FollowSettings: Codable, Sendable, Hashable {
    public var showingReblogs: Bool
    public var notifying: Bool
    public var languages: [String]?

    public init(showingReblogs: Bool, notifying: Bool, languages: [String]?) {
        self.showingReblogs = showingReblogs
        self.notifying = notifying
        self.languages = languages
    }
}

/// One entry of a page of relations, as the archiving account's server sent it: the other account (its
/// handle as that server names it, its id there, its profile's address and name, its object byte for
/// byte), or a blocked domain.
public struct RelationEntry: Sendable, Hashable {
    /// `user@host`, or a domain.
    public var target: String
    /// The other account's id on the archiving account's server (nil for a domain).
    public var targetID: String?
    /// The other account's profile page, as its server gave it.
    public var url: String?
    /// The other account's display name (empty for a domain).
    public var displayName: String
    /// The account object byte for byte (nil for a domain); a list's or tag's object; for a note, the
    /// relationship object.
    public var raw: Data?
    /// For a list member, its list's id; empty for every other kind.
    public var list: String
    /// For a note, its text.
    public var note: String?

    public init(
        target: String, targetID: String?, url: String?, displayName: String, raw: Data?, list: String = "",
        note: String? = nil
    ) {
        self.target = target
        self.targetID = targetID
        self.url = url
        self.displayName = displayName
        self.raw = raw
        self.list = list
        self.note = note
    }
}

/// Where an account's walk of one kind stands: which walk it is, and the cursor of its next page (nil
/// for the first). A walk is paged and resumable as a timeline's backfill is.
public struct RelationWalk: Sendable, Hashable {
    /// Which walk of the account's kind this is (1 for the first).
    public var walk: Int64
    /// The `max_id` of its next page; nil for the first.
    public var cursor: String?

    public init(walk: Int64, cursor: String?) {
        self.walk = walk
        self.cursor = cursor
    }
}

/// A relation as the ledger keeps it: `icebox account following --json` and the other listings. A
/// follow also has its settings (`showing_reblogs`, `notifying`, `languages`; null until asked), a
/// note its text, a list member its list; the other kinds have none of these keys.
public struct ArchivedRelation: Codable, Sendable, Hashable {
    /// The archiving account's handle.
    public var account: String
    /// Which relation it is.
    public var kind: RelationKind
    /// The other account's `user@host`, or the blocked domain.
    public var acct: String
    /// The other account's profile page as last seen; nil for a domain.
    @EncodedAsNull public var url: String?
    /// The other account's display name as last seen; empty for a domain.
    public var displayName: String
    /// When Icebox first saw the relation hold.
    public var since: String
    /// When a walk last saw it.
    public var lastSeenAt: String
    /// When a whole walk no longer found it; nil while it holds.
    @EncodedAsNull public var endedAt: String?
    /// For a list member, its list's id; empty for every other kind.
    public var list = ""
    /// For a follow, its settings as last asked; nil until asked.
    public var settings: FollowSettings?
    /// For a note, its text.
    public var note: String?

    enum CodingKeys: String, CodingKey {
        case account, kind, acct, url, since, list, note, notifying, languages
        case displayName = "display_name"
        case lastSeenAt = "last_seen_at"
        case endedAt = "ended_at"
        case showingReblogs = "showing_reblogs"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        account = try c.decode(String.self, forKey: .account)
        kind = try c.decode(RelationKind.self, forKey: .kind)
        acct = try c.decode(String.self, forKey: .acct)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        displayName = try c.decode(String.self, forKey: .displayName)
        since = try c.decode(String.self, forKey: .since)
        lastSeenAt = try c.decode(String.self, forKey: .lastSeenAt)
        endedAt = try c.decodeIfPresent(String.self, forKey: .endedAt)
        list = try c.decodeIfPresent(String.self, forKey: .list) ?? ""
        note = try c.decodeIfPresent(String.self, forKey: .note)
        if let reblogs = try c.decodeIfPresent(Bool.self, forKey: .showingReblogs),
            let notifying = try c.decodeIfPresent(Bool.self, forKey: .notifying)
        {
            settings = FollowSettings(
                showingReblogs: reblogs, notifying: notifying,
                languages: try c.decodeIfPresent([String].self, forKey: .languages))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(account, forKey: .account)
        try c.encode(kind, forKey: .kind)
        try c.encode(acct, forKey: .acct)
        try c.encode(url, forKey: .url)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(since, forKey: .since)
        try c.encode(lastSeenAt, forKey: .lastSeenAt)
        try c.encode(endedAt, forKey: .endedAt)
        switch kind {
        case .following:
            try c.encode(settings?.showingReblogs, forKey: .showingReblogs)
            try c.encode(settings?.notifying, forKey: .notifying)
            try c.encode(settings?.languages, forKey: .languages)
        case .notes: try c.encode(note ?? "", forKey: .note)
        case .listMembers: try c.encode(list, forKey: .list)
        default: break
        }
    }

    package init(
        account: String, kind: RelationKind, acct: String, url: String?, displayName: String, since: String,
        lastSeenAt: String, endedAt: String?
    ) {
        self.account = account
        self.kind = kind
        self.acct = acct
        self.url = url
        self.displayName = displayName
        self.since = since
        self.lastSeenAt = lastSeenAt
        self.endedAt = endedAt
    }
}
