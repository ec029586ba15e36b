import ArchiveCore
import Foundation

/// The CSVs of Mastodon's Import and export page, and how each is recognised as Mastodon's import
/// (`Form::Import`) recognises it: by its header line where it has one (`Account address`, `Show boosts`,
/// `Notify on new posts`, `Languages`, `Hide notifications`, `#domain`, `#uri`, `List name`, in any
/// order), else, for the forms Mastodon's own export writes without one (blocked accounts, blocked
/// domains, bookmarks, lists) and the one-column forms its import also takes, by the file's name.
public enum MastodonCSVKind: String, Sendable, CaseIterable {
    case following, mutes, blocks
    case domainBlocks = "domain_blocks"
    case bookmarks, lists

    /// A column, by the header Mastodon gives it.
    enum Column: String {
        case account = "Account address"
        case showBoosts = "Show boosts"
        case notify = "Notify on new posts"
        case languages = "Languages"
        case hideNotifications = "Hide notifications"
        case domain = "#domain"
        case uri = "#uri"
        case listName = "List name"
        /// A column Mastodon's import does not read (kept out of the claim, as Mastodon leaves it).
        case other = ""
    }

    /// The relation a row of this file claims; nil for bookmarks (posts, kept by uri).
    public var relation: RelationKind? {
        switch self {
        case .following: .following
        case .mutes: .mutes
        case .blocks: .blocks
        case .domainBlocks: .domainBlocks
        case .lists: .listMembers
        case .bookmarks: nil
        }
    }

    /// The kind in words, for a report line.
    public var words: String {
        switch self {
        case .domainBlocks: "domain blocks"
        case .lists: "list members"
        default: rawValue
        }
    }

    /// The names Mastodon's import takes the file's kind from when its header does not say (the start
    /// of the file's name, as Mastodon's `guessed_type` reads it).
    private var namePrefixes: [String] {
        switch self {
        case .following: ["following_accounts", "follows"]
        case .mutes: ["muted_accounts", "mutes"]
        case .blocks: ["blocked_accounts", "blocks"]
        case .domainBlocks: ["blocked_domains", "domain_blocks"]
        case .bookmarks: ["bookmarks"]
        case .lists: ["lists"]
        }
    }

    /// The columns every row of the kind needs, in the order of its form without a header line.
    private var headerlessColumns: [Column] {
        switch self {
        case .following, .mutes, .blocks: [.account]
        case .domainBlocks: [.domain]
        case .bookmarks: [.uri]
        case .lists: [.listName, .account]
        }
    }

    /// The kind a file named `name` whose first record is `first` is, its columns, and whether that
    /// first record is its header line; nil when it is none of Mastodon's CSVs.
    static func recognise(first: [String], name: String) -> (kind: Self, columns: [Column], headed: Bool)? {
        let header = first.map { Column(rawValue: $0.trimmingCharacters(in: .whitespaces)) ?? .other }
        let byName = allCases.first { kind in kind.namePrefixes.contains { name.lowercased().hasPrefix($0) } }
        guard let lead = header.first, [.account, .domain, .uri, .listName].contains(lead) else {
            guard let byName else { return nil }
            return (byName, byName.headerlessColumns, false)
        }
        let kind: Self?
        if header.contains(.hideNotifications) {
            kind = .mutes
        } else if header.contains(where: { [.showBoosts, .notify, .languages].contains($0) }) {
            kind = .following
        } else if header.contains(.listName) {
            kind = .lists
        } else if header.contains(.domain) {
            kind = .domainBlocks
        } else if header.contains(.uri) {
            kind = .bookmarks
        } else {
            // `Account address` alone: follows, mutes and blocks all have it; the file's name says which.
            kind = [.following, .mutes, .blocks].contains(byName) ? byName : nil
        }
        guard let kind, kind.headerlessColumns.allSatisfy(header.contains) else { return nil }
        return (kind, header, true)
    }

    /// What a file's header must be, for a message.
    public static let expected = """
        a header line of Mastodon's (Account address[,Show boosts,Notify on new posts,Languages | ,Hide \
        notifications], #domain, #uri, or List name,Account address), or the name of one of its files \
        without one (following_accounts, muted_accounts, blocked_accounts, blocked_domains, bookmarks, lists)
        """
}
