import Foundation

/// A relation a file claims (issue 44): a row of one of the CSVs of Mastodon's Import and export page,
/// read by `icebox import mastodon-export`. A claim is the file's word, not a server's: it is kept apart
/// from the relation ledger (``ArchivedRelation``), which only a walk of the account's own server fills,
/// and it says which file claimed it (its name and digest) and on which line.
public struct RelationClaim: Codable, Sendable, Hashable {
    /// The archiving account's handle the claim was imported for.
    public var account: String
    /// `following`, `mutes`, `blocks`, `domainBlocks` or `listMembers`.
    public var kind: RelationKind
    /// The other account's `user@host` as the file writes it, or the blocked domain.
    public var acct: String
    /// For a list member, the title of the list the file puts it on; empty for every other kind.
    public var list = ""
    /// A follow's own settings as the file gives them (nil where the file says nothing).
    public var showingReblogs: Bool?
    public var notifying: Bool?
    /// The languages a follow shows; nil for every language.
    public var languages: [String]?
    /// Whether a mute hides the account's notifications, as the file gives it.
    public var hideNotifications: Bool?
    /// The file that claims it: its name as given to `icebox import` (with the entry for a ZIP or folder).
    public var claimedBy: String
    /// The SHA-256 of the file's bytes.
    public var fileSHA256: String
    /// The line its row begins on.
    public var line: Int
    /// When it was imported.
    public var claimedAt = ""

    enum CodingKeys: String, CodingKey {
        case account, kind, acct, list, notifying, languages, line
        case showingReblogs = "showing_reblogs"
        case hideNotifications = "hide_notifications"
        case claimedBy = "claimed_by"
        case fileSHA256 = "file_sha256"
        case claimedAt = "claimed_at"
    }

    public init(
        account: String = "", kind: RelationKind, acct: String, list: String = "", claimedBy: String,
        fileSHA256: String, line: Int
    ) {
        self.account = account
        self.kind = kind
        self.acct = acct
        self.list = list
        self.claimedBy = claimedBy
        self.fileSHA256 = fileSHA256
        self.line = line
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        account = try c.decode(String.self, forKey: .account)
        kind = try c.decode(RelationKind.self, forKey: .kind)
        acct = try c.decode(String.self, forKey: .acct)
        list = try c.decodeIfPresent(String.self, forKey: .list) ?? ""
        showingReblogs = try c.decodeIfPresent(Bool.self, forKey: .showingReblogs)
        notifying = try c.decodeIfPresent(Bool.self, forKey: .notifying)
        languages = try c.decodeIfPresent([String].self, forKey: .languages)
        hideNotifications = try c.decodeIfPresent(Bool.self, forKey: .hideNotifications)
        claimedBy = try c.decode(String.self, forKey: .claimedBy)
        fileSHA256 = try c.decode(String.self, forKey: .fileSHA256)
        line = try c.decode(Int.self, forKey: .line)
        claimedAt = try c.decode(String.self, forKey: .claimedAt)
    }

    /// The fields every claim has, then its kind's own: a follow's settings, a mute's notifications,
    /// a list member's list.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(account, forKey: .account)
        try c.encode(kind, forKey: .kind)
        try c.encode(acct, forKey: .acct)
        try c.encode(claimedBy, forKey: .claimedBy)
        try c.encode(fileSHA256, forKey: .fileSHA256)
        try c.encode(line, forKey: .line)
        try c.encode(claimedAt, forKey: .claimedAt)
        switch kind {
        case .following:
            try c.encode(showingReblogs, forKey: .showingReblogs)
            try c.encode(notifying, forKey: .notifying)
            try c.encode(languages, forKey: .languages)
        case .mutes: try c.encode(hideNotifications, forKey: .hideNotifications)
        case .listMembers: try c.encode(list, forKey: .list)
        default: break
        }
    }

    /// The kinds a file can claim.
    public static let kinds: [RelationKind] = [.following, .mutes, .blocks, .domainBlocks, .listMembers]
}
