import Foundation
import Models

/// A kind of relation an archiving account has with other accounts or domains (issue 44), named as
/// Mastodon's endpoints name them: whom it follows, who follows it, whom it mutes and blocks, which
/// domains it blocks.
public enum RelationKind: String, Codable, CaseIterable, Sendable {
    case following
    case followers
    case mutes
    case blocks
    case domainBlocks = "domain_blocks"

    /// The kind in words, for a report line ("domain blocks").
    public var words: String { rawValue.replacingOccurrences(of: "_", with: " ") }
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
    /// The account object byte for byte (nil for a domain).
    public var raw: Data?

    public init(target: String, targetID: String?, url: String?, displayName: String, raw: Data?) {
        self.target = target
        self.targetID = targetID
        self.url = url
        self.displayName = displayName
        self.raw = raw
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

/// A relation as the ledger keeps it: `icebox account following --json` and the other listings.
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

    enum CodingKeys: String, CodingKey {
        case account, kind, acct, url, since
        case displayName = "display_name"
        case lastSeenAt = "last_seen_at"
        case endedAt = "ended_at"
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
