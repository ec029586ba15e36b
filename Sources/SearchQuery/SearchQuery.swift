import Foundation

/// A search as the user typed it, parsed: words, phrases, `OR` groups and filters, each possibly
/// negated. The text never reaches SQLite as syntax: the archive compiles this object into a MATCH
/// expression of quoted strings and SQL conditions with bound parameters.
///
/// The language is Mastodon 4.2's (`from:`, `has:`, `is:`, `language:`, `before:`, `after:`,
/// `during:`, `#hashtag`, `"phrases"`, `-exclude`, `+require`), with `AND`, `OR` and `NOT` read as
/// operators, plus Icebox's `in:<timeline>`, `account:user@host`, `is:boost`, `is:bookmarked`,
/// `is:favourited`, `is:direct|private|unlisted|public` (also as `visibility:`) and `has:alt`. Any
/// other `word:` is plain text, as on Mastodon, with a warning in `warnings`.
public struct SearchQuery: Hashable, Sendable {
    /// Text to find: every clause must match (an `OR` clause needs one of its alternatives).
    public var clauses: [Clause]
    /// Conditions on the status.
    public var filters: [Filter]
    /// What the parser read differently from what the user may have meant (an unknown `word:` searched
    /// as text), in words, for the user to see; the query runs all the same.
    public var warnings: [String]

    public init(clauses: [Clause] = [], filters: [Filter] = [], warnings: [String] = []) {
        self.clauses = clauses
        self.filters = filters
        self.warnings = warnings
    }

    /// A piece of text to find, or to exclude.
    public enum Text: Hashable, Sendable {
        /// One word; `prefix` for `word*`.
        case word(String, prefix: Bool)
        /// Words that must appear together, in order.
        case phrase([String])
    }

    /// One or more alternatives (`a OR b`), possibly excluded (`-a`).
    public struct Clause: Hashable, Sendable {
        public var alternatives: [Text]
        public var negated: Bool

        public init(_ alternatives: [Text], negated: Bool = false) {
            self.alternatives = alternatives
            self.negated = negated
        }
    }

    /// A condition on a status; `negated` for `-from:…` and the like.
    public struct Filter: Hashable, Sendable {
        public var condition: Condition
        public var negated: Bool

        public init(_ condition: Condition, negated: Bool = false) {
            self.condition = condition
            self.negated = negated
        }
    }

    /// What a filter checks.
    public enum Condition: Hashable, Sendable {
        /// `from:me`: written by one of the user's own accounts (a file's posts of them marked as the file's).
        case fromMe
        /// `from:following`: written by an account that one of the user's accounts follows, as the
        /// relation ledger holds it now (`from:@following` is the account named following).
        case fromFollowing
        /// `from:@user` (any server) or `from:@user@host`.
        case from(user: String, host: String?)
        /// `has:media|image|video|audio|poll|link|embed|alt`.
        case has(Feature)
        /// `is:reply|sensitive|boost|bookmarked|favourited|direct|private|unlisted|public`.
        case isA(Kind)
        /// `#tag`: the status carries the hashtag; the name as `Hashtag.normalized` gives it.
        case tag(String)
        /// `language:xx`.
        case language(String)
        /// `before:` (exclusive), `after:` (exclusive), `during:` (that UTC day). Midnight UTC of the day.
        case before(Date)
        case after(Date)
        case during(Date)
        /// `in:<timeline spec>`: seen in that pinned timeline.
        case inTimeline(String)
        /// `account:user@host`: seen by that archiving account.
        case account(String)
    }

    /// What `has:` asks for.
    public enum Feature: String, Hashable, Sendable, CaseIterable {
        case media, image, video, audio, poll, link, embed, alt
    }

    /// What `is:` asks for: a kind of status, one of the user's own bookmarks or favourites (the
    /// archived `bookmarks` and `favourites` timelines), or a visibility.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case reply, sensitive, boost, bookmarked, favourited
        case direct, `private`, unlisted, `public`

        /// The visibilities, also asked with `visibility:`.
        public static let visibilities: [Kind] = [.direct, .private, .unlisted, .public]
    }

    /// Why a query cannot be run, naming the part that is wrong.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Whether anything is asked at all (a query of exclusions or filters alone asks something).
    public var isEmpty: Bool { clauses.isEmpty && filters.isEmpty }

    /// The words that should be highlighted in results: every word of every non-negated clause.
    public var highlightedWords: [String] {
        clauses.filter { !$0.negated }.flatMap(\.alternatives).flatMap { text -> [String] in
            switch text {
            case .word(let word, _): [word]
            case .phrase(let words): words
            }
        }
    }
}
