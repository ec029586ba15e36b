import ArchiveCore
import Foundation
import GRDB
import SearchQuery

/// A `SearchQuery` as SQL: a MATCH expression for the word index (built only from quoted strings, so
/// nothing the user typed is read as FTS5 syntax) and conditions with bound arguments.
struct SearchCompiler {
    /// The expression for `statuses_fts MATCH ?`, when the query has positive words for it.
    var match: String?
    /// Positive lookups in a full-text table (the word index beyond `match`, or the space-less index):
    /// the executor turns each into a candidate list or a per-row check, whichever is cheaper.
    var textLookups: [TextLookup] = []
    /// Conditions on `s` (the statuses row), joined with AND.
    var conditions: [String] = ["s.reblog_uri IS NULL"]
    var arguments: [any DatabaseValueConvertible] = []

    /// Statuses a positive `from:` or `is:bookmarked|favourited` filter narrows to, as a condition on
    /// `statuses s` the planner can probe (an index answers each).
    var authorLookups: [(sql: String, argument: [String])] = []

    /// Subqueries of `sort_key`s a row must be among (`is:bookmarked|favourited`, from a partial index):
    /// tested on the full-text index's rowid before a streamed row is read, else on `s.sort_key`.
    var keySets: [String] = []

    /// The conditions on `s` with the key sets among them (for plans that read every candidate row).
    var rowConditions: [String] { conditions + keySets.map { "s.sort_key IN (\($0))" } }

    /// The `sort_key` range the positive date filters allow (lower inclusive, upper exclusive): a range of
    /// rowids in the full-text indexes (see `SortKey`).
    var keyRange: (lower: Int64?, upper: Int64?) = (nil, nil)

    /// `table MATCH expression` for one clause.
    struct TextLookup: Sendable {
        var table: String
        var expression: String
    }

    /// `hidingOptedOut`: leave out the posts of accounts that opted out of search (see `ConsentPolicy`).
    init(_ query: SearchQuery, now: Date = Date(), hidingOptedOut: Bool = false) {
        var positives: [String] = []
        var negatives: [String] = []
        for clause in query.clauses {
            let matchers = clause.alternatives.map(Self.matcher)
            let mainOnly = matchers.allSatisfy { if case .main = $0 { true } else { false } }
            if mainOnly {
                let expressions = matchers.compactMap { if case .main(let e) = $0 { e } else { nil } }
                let joined = expressions.count == 1 ? expressions[0] : "(" + expressions.joined(separator: " OR ") + ")"
                if clause.negated { negatives.append(joined) } else { positives.append(joined) }
            } else {
                addCondition(matchers, negated: clause.negated)
            }
        }
        if !positives.isEmpty {
            match = ([positives.joined(separator: " AND ")] + negatives).joined(separator: " NOT ")
        } else if !negatives.isEmpty {
            conditions.append("s.sort_key NOT IN (SELECT rowid FROM statuses_fts WHERE statuses_fts MATCH ?)")
            arguments.append(negatives.joined(separator: " OR "))
        }
        for filter in query.filters { add(filter) }
        if hidingOptedOut { conditions.append(ConsentPolicy.condition()) }
    }

    /// How one piece of text is looked up.
    enum Matcher {
        case main(String)
        case cjk(String)
        case like(String)
    }

    static func matcher(_ text: SearchQuery.Text) -> Matcher {
        switch text {
        case .word(let word, let prefix):
            if word.allSatisfy(NoSpaceScript.contains) {
                return word.count == 1 ? .like(word) : .cjk(quote(NoSpaceScript.bigrams(Array(word)).joined(separator: " ")))
            }
            // A word glued to an emoji is indexed as the word and the emoji (see WordBoundaries): so is the query.
            return .main(quote(WordBoundaries.separatingSymbols(word)) + (prefix ? "*" : ""))
        case .phrase(let words):
            if words.contains(where: { $0.contains(where: NoSpaceScript.contains) }) {
                // Space-less words keep their own pieces; the phrase becomes "all of these".
                let pieces = words.map { word -> String in
                    word.allSatisfy(NoSpaceScript.contains) && word.count > 1
                        ? NoSpaceScript.bigrams(Array(word)).joined(separator: " ") : word
                }
                return .cjk(pieces.map(quote).joined(separator: " AND "))
            }
            return .main(quote(WordBoundaries.separatingSymbols(words.joined(separator: " "))))
        }
    }

    /// An FTS5 string: double quotes inside are doubled, so the text is never syntax.
    static func quote(_ text: String) -> String {
        "\"" + text.replacing(every: "\"", with: "\"\"") + "\""
    }

    private mutating func addCondition(_ matchers: [Matcher], negated: Bool) {
        // A single positive full-text lookup is left to the executor to plan.
        if !negated, matchers.count == 1 {
            switch matchers[0] {
            case .main(let expression): textLookups.append(TextLookup(table: "statuses_fts", expression: expression)); return
            case .cjk(let expression): textLookups.append(TextLookup(table: "statuses_cjk", expression: expression)); return
            case .like: break
            }
        }
        var alternatives: [String] = []
        for matcher in matchers {
            switch matcher {
            case .main(let expression):
                alternatives.append("s.sort_key IN (SELECT rowid FROM statuses_fts WHERE statuses_fts MATCH ?)")
                arguments.append(expression)
            case .cjk(let expression):
                alternatives.append("s.sort_key IN (SELECT rowid FROM statuses_cjk WHERE statuses_cjk MATCH ?)")
                arguments.append(expression)
            case .like(let character):
                let pattern = "%" + character.replacing(every: "\\", with: "\\\\")
                    .replacing(every: "%", with: "\\%").replacing(every: "_", with: "\\_") + "%"
                alternatives.append("(s.text LIKE ? ESCAPE '\\' OR s.spoiler_text LIKE ? ESCAPE '\\' OR s.alt_text LIKE ? ESCAPE '\\')")
                arguments += [pattern, pattern, pattern]
            }
        }
        let joined = "(" + alternatives.joined(separator: " OR ") + ")"
        conditions.append(negated ? "NOT \(joined)" : joined)
    }

    private mutating func add(_ filter: SearchQuery.Filter) {
        var arguments: [any DatabaseValueConvertible] = []
        let sql: String
        switch filter.condition {
        case .fromMe:
            // A file's word that it is the user is not enough: imported posts count once confirmed.
            sql = "(s.author_handle IN (SELECT handle FROM archiving_accounts WHERE removed_at IS NULL) AND NOT "
                + ImportClaims.unconfirmedOwnPost("s") + ")"
        case .from(let user, let host):
            // Handles compare without case, through the index on lower(author_handle).
            if let host {
                sql = "lower(s.author_handle) = ?"
                arguments.append("\(user)@\(host)".lowercased())
            } else {
                // Every handle that starts with "user@": '@' is followed by 'A' in code point order.
                sql = "(lower(s.author_handle) >= ? AND lower(s.author_handle) < ?)"
                arguments += [user.lowercased() + "@", user.lowercased() + "A"]
            }
            if !filter.negated {
                authorLookups.append((sql, arguments.map { "\($0)" }))
            }
        case .has(let feature):
            sql = Self.has(feature)
        case .isA(let kind):
            switch kind {
            case .reply: sql = "s.in_reply_to = 1"
            case .sensitive: sql = "(s.sensitive = 1 OR s.spoiler_text != '')"
            case .boost: sql = "EXISTS (SELECT 1 FROM statuses b WHERE b.reblog_uri = s.uri)"
            case .bookmarked, .favourited:
                // The archived `bookmarks` / `favourites` timelines are the user's own, whichever account;
                // so are the ones an import named by uri (likes.json, bookmarks.json), once archived. Each such
                // post carries the mark (see `UserMarks`), and a partial index lists them by date.
                let mark = kind == .bookmarked ? UserMarks.bookmarksTimeline : UserMarks.favouritesTimeline
                sql = "s.user_marks & \(mark.rawValue)"
                if !filter.negated {
                    authorLookups.append((sql, []))
                    keySets.append("SELECT sort_key FROM statuses WHERE user_marks & \(mark.rawValue)")
                    return
                }
            case .direct, .private, .unlisted, .public:
                sql = "s.visibility = '\(kind.rawValue)'"
            }
        case .tag(let name):
            // The tag column of the word index narrows to candidates; the space-separated, normalized
            // tag_names column decides exactly (the index would also match one word of `#foo_bar`).
            sql = "instr(' ' || s.tag_names || ' ', ?) > 0"
            arguments.append(" \(name) ")
            if !filter.negated, name.contains(where: { $0.isLetter || $0.isNumber }) {
                textLookups.append(TextLookup(table: "statuses_fts", expression: "tag_names : " + Self.quote(name)))
            }
        case .language(let code):
            sql = "s.language = ? COLLATE NOCASE"
            arguments.append(code)
        // Dates compare as sort keys: the same test as on created_at, and a rowid range for the indexes.
        case .before(let day):
            sql = "s.sort_key < ?"
            arguments.append(SortKey.floor(day))
            if !filter.negated { narrow(upper: SortKey.floor(day)) }
        case .after(let day):
            sql = "s.sort_key >= ?"
            arguments.append(SortKey.floor(day.addingTimeInterval(86_400)))
            if !filter.negated { narrow(lower: SortKey.floor(day.addingTimeInterval(86_400))) }
        case .during(let day):
            sql = "(s.sort_key >= ? AND s.sort_key < ?)"
            arguments += [SortKey.floor(day), SortKey.floor(day.addingTimeInterval(86_400))]
            if !filter.negated { narrow(lower: SortKey.floor(day), upper: SortKey.floor(day.addingTimeInterval(86_400))) }
        case .inTimeline(let spec):
            sql = """
                EXISTS (SELECT 1 FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                        WHERE ts.status_id = s.id AND t.spec = ? COLLATE NOCASE)
                """
            arguments.append(spec)
        case .account(let handle):
            sql = """
                EXISTS (SELECT 1 FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                        JOIN archiving_accounts a ON a.id = t.account_id
                        WHERE ts.status_id = s.id AND a.handle = ? COLLATE NOCASE)
                """
            arguments.append(handle)
        }
        conditions.append(filter.negated ? "NOT \(sql)" : sql)
        self.arguments += arguments
    }

    private mutating func narrow(lower: Int64? = nil, upper: Int64? = nil) {
        if let lower { keyRange.lower = max(keyRange.lower ?? lower, lower) }
        if let upper { keyRange.upper = min(keyRange.upper ?? upper, upper) }
    }

    /// `keyRange` as conditions on a rowid of a full-text index (`column`), with their arguments.
    func keyRangeConditions(on column: String) -> (conditions: [String], arguments: [any DatabaseValueConvertible]) {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let lower = keyRange.lower { conditions.append("\(column) >= ?"); arguments.append(lower) }
        if let upper = keyRange.upper { conditions.append("\(column) < ?"); arguments.append(upper) }
        return (conditions, arguments)
    }

    private static func has(_ feature: SearchQuery.Feature) -> String {
        func media(_ types: String) -> String {
            "EXISTS (SELECT 1 FROM media_attachments m WHERE m.status_id = s.id AND m.type IN (\(types)))"
        }
        switch feature {
        case .media: return "s.media_count > 0"
        case .image: return media("'image'")
        case .video: return media("'video', 'gifv'")
        case .audio: return media("'audio'")
        case .poll: return "s.has_poll = 1"
        case .link: return "(s.has_card = 1 OR s.text LIKE '%://%')"
        case .embed: return "s.has_card = 1"
        case .alt:
            return "EXISTS (SELECT 1 FROM media_attachments m WHERE m.status_id = s.id AND IFNULL(m.description, '') != '')"
        }
    }
}
