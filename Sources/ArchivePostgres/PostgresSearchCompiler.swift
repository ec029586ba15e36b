import ArchiveCore
import Foundation
import SearchQuery

/// A `SearchQuery` as PostgreSQL conditions on `statuses s`: text through the two full-text vectors
/// (`search_words`, `search_pieces`), filters as SQL, every value a bound parameter. The query text
/// reaches `to_tsquery` only as words of letters and numbers (see `SearchWords`), so nothing the user
/// typed is read as query syntax. It finds what the SQLite store's `SearchCompiler` finds.
struct PostgresSearchCompiler {
    /// Conditions on `s`, joined with AND.
    var conditions: [String] = ["s.reblog_uri IS NULL"]
    var binds: [SQLArgument] = []
    /// The positive word query, for relevance ranking (`ts_rank`), as a parameter reference.
    var rankQuery: String?
    /// Whether some text can never match (a word with no letters or numbers in it): no results.
    var matchesNothing = false
    /// Whether a required clause is a phrase of two words or more on the word index (`<->`): what the
    /// RUM index of schema/postgres/0007 and 0014 answers in time order (see `PostgresArchive.search`).
    var hasPhrase = false

    /// `hidingOptedOut`: leave out the posts of accounts that opted out of search (see `ConsentPolicy`).
    init(_ query: SearchQuery, firstParameter: Int = 1, hidingOptedOut: Bool = false) {
        parameterOffset = firstParameter - 1
        var positiveWords: [String] = []
        for clause in query.clauses {
            var alternatives: [String] = []
            for text in clause.alternatives {
                guard let condition = condition(text) else { continue }
                alternatives.append(condition.sql)
                if !clause.negated, clause.alternatives.count == 1, let words = condition.words {
                    positiveWords.append(words)
                    if words.contains(" <-> ") { hasPhrase = true }
                }
            }
            if alternatives.isEmpty {
                // Nothing searchable in any alternative: a required clause finds nothing, an excluded one
                // excludes nothing.
                if !clause.negated { matchesNothing = true }
                continue
            }
            let joined = alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " OR ") + ")"
            conditions.append(clause.negated ? "NOT \(joined)" : joined)
        }
        if !positiveWords.isEmpty {
            rankQuery = "to_tsquery('icebox', \(bind(.text(positiveWords.joined(separator: " & ")))))"
        }
        // The filters, written once for both stores (see `SearchFilters`).
        let filters = SearchFilters(
            query.filters, dialect: PostgresDialect(),
            firstParameter: binds.count + parameterOffset + 1)
        conditions += filters.allConditions
        binds += filters.arguments
        if hidingOptedOut { conditions.append(PostgresDialect().consented("s")) }
    }

    private var parameterOffset: Int

    /// Binds a value and returns its placeholder.
    mutating func bind(_ value: SQLArgument) -> String {
        binds.append(value)
        return "$\(binds.count + parameterOffset)"
    }

    /// The SQL for one piece of text, and its word query when it is one.
    private mutating func condition(_ text: SearchQuery.Text) -> (sql: String, words: String?)? {
        switch text {
        case .word(let word, let prefix):
            if word.allSatisfy(NoSpaceScript.contains) {
                if word.count == 1 { return (like(word), nil) }
                return (pieces([word]), nil)
            }
            guard let query = Self.phrase(SearchWords.words(word), prefix: prefix) else { return nil }
            return ("s.search_words @@ to_tsquery('icebox', \(bind(.text(query))))", query)
        case .phrase(let words):
            if words.contains(where: { $0.contains(where: NoSpaceScript.contains) }) {
                return (pieces(words), nil)
            }
            guard let query = Self.phrase(SearchWords.words(words.joined(separator: " ")), prefix: false) else {
                return nil
            }
            return ("s.search_words @@ to_tsquery('icebox', \(bind(.text(query))))", query)
        }
    }

    /// `'a' <-> 'b' <-> 'c'` (with `:*` on the last word for a prefix), or `nil` for no words. Words hold
    /// only letters, numbers and marks, so quoting them is enough.
    static func phrase(_ words: [String], prefix: Bool) -> String? {
        guard !words.isEmpty else { return nil }
        let quoted = words.map { "'" + $0 + "'" }
        return "(" + quoted.joined(separator: " <-> ") + (prefix ? ":*" : "") + ")"
    }

    /// Space-less words through their two-character pieces: each word's pieces in a row, every word present
    /// (as the SQLite store's space-less index finds them).
    private mutating func pieces(_ words: [String]) -> String {
        let parts = words.compactMap { word -> String? in
            if word.allSatisfy(NoSpaceScript.contains), word.count > 1 {
                return Self.phrase(NoSpaceScript.bigrams(Array(word)), prefix: false)
            }
            return Self.phrase(SearchWords.words(word), prefix: false)
        }
        guard !parts.isEmpty else { return "false" }
        return "s.search_pieces @@ to_tsquery('simple', \(bind(.text(parts.joined(separator: " & ")))))"
    }

    /// One space-less character: found anywhere in the text fields.
    private mutating func like(_ character: String) -> String {
        let pattern = "%" + LikePattern.literal(character) + "%"
        let parameter = bind(.text(pattern))
        return "(s.text LIKE \(parameter) OR s.spoiler_text LIKE \(parameter) OR s.alt_text LIKE \(parameter))"
    }
}
