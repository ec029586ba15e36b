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
    var authorLookups: [(sql: String, arguments: [DatabaseValue])] = []

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
        addFilters(SearchFilters(query.filters, dialect: SQLiteDialect()))
        if hidingOptedOut { conditions.append(SQLiteDialect().consented("s")) }
    }

    /// The filters, written once for both stores (see `SearchFilters`), and what they offer the plan:
    /// authors and marks to probe, tags for the word index, a range of sort keys.
    private mutating func addFilters(_ filters: SearchFilters) {
        conditions += filters.conditions
        arguments += filters.arguments.map(\.databaseValue)
        authorLookups += filters.authorLookups.map { ($0.sql, $0.arguments.map(\.databaseValue)) }
        for mark in filters.marks {
            // The marked rows come from a partial index, by date (see `SQLiteDialect.marked`).
            authorLookups.append((SQLiteDialect().marked(mark), []))
            keySets.append("SELECT sort_key FROM statuses WHERE user_marks & \(mark.bit)")
        }
        // The tag column of the word index narrows to candidates; the filter's condition decides exactly.
        textLookups += filters.tags.map {
            TextLookup(table: "statuses_fts", expression: "tag_names : " + Self.quote($0))
        }
        keyRange = (filters.dayRange.lower.map(SortKey.floor), filters.dayRange.upper.map(SortKey.floor))
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
                return word.count == 1
                    ? .like(word) : .cjk(quote(NoSpaceScript.bigrams(Array(word)).joined(separator: " ")))
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
            case .main(let expression):
                textLookups.append(TextLookup(table: "statuses_fts", expression: expression))
                return
            case .cjk(let expression):
                textLookups.append(TextLookup(table: "statuses_cjk", expression: expression))
                return
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
                let pattern = "%" + LikePattern.literal(character) + "%"
                alternatives.append(
                    "(s.text LIKE ? ESCAPE '\\' OR s.spoiler_text LIKE ? ESCAPE '\\' OR s.alt_text LIKE ? ESCAPE '\\')")
                arguments += [pattern, pattern, pattern]
            }
        }
        let joined = "(" + alternatives.joined(separator: " OR ") + ")"
        conditions.append(negated ? "NOT \(joined)" : joined)
    }

    /// `keyRange` as conditions on a rowid of a full-text index (`column`), with their arguments.
    func keyRangeConditions(on column: String) -> (conditions: [String], arguments: [any DatabaseValueConvertible]) {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let lower = keyRange.lower {
            conditions.append("\(column) >= ?")
            arguments.append(lower)
        }
        if let upper = keyRange.upper {
            conditions.append("\(column) < ?")
            arguments.append(upper)
        }
        return (conditions, arguments)
    }
}
