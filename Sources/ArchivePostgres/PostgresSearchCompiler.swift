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
    var binds: [SQLValue] = []
    /// The positive word query, for relevance ranking (`ts_rank`), as a parameter reference.
    var rankQuery: String?
    /// Whether some text can never match (a word with no letters or numbers in it): no results.
    var matchesNothing = false
    /// Whether a required clause is a phrase of two words or more on the word index (`<->`): what the
    /// RUM index of schema/postgres/0007 answers in time order (see `PostgresArchive.search`).
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
        for filter in query.filters { add(filter) }
        if hidingOptedOut { conditions.append(PostgresArchive.consentCondition()) }
    }

    private var parameterOffset: Int

    /// Binds a value and returns its placeholder.
    mutating func bind(_ value: SQLValue) -> String {
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
            guard let query = Self.phrase(SearchWords.words(words.joined(separator: " ")), prefix: false) else { return nil }
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
        let pattern = "%" + character.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        let parameter = bind(.text(pattern))
        return "(s.text LIKE \(parameter) OR s.spoiler_text LIKE \(parameter) OR s.alt_text LIKE \(parameter))"
    }

    private mutating func add(_ filter: SearchQuery.Filter) {
        let sql: String
        switch filter.condition {
        case .fromMe:
            // A file's word that it is the user is not enough: imported posts count once confirmed.
            sql = "(s.author_handle IN (SELECT handle FROM archiving_accounts WHERE removed_at IS NULL) AND NOT "
                + ImportClaims.unconfirmedOwnPost("s") + ")"
        case .from(let user, let host):
            if let host {
                sql = "lower(s.author_handle) = \(bind(.text("\(user)@\(host)".lowercased())))"
            } else {
                // COLLATE "C": a LIKE prefix becomes a range on statuses_by_author_bytes (schema/postgres/0009).
                sql = "lower(s.author_handle) COLLATE \"C\" LIKE \(bind(.text(Self.escapeLike(user.lowercased()) + "@%")))"
            }
        case .has(let feature):
            sql = Self.has(feature)
        case .isA(let kind):
            switch kind {
            case .reply: sql = "s.in_reply_to"
            case .sensitive: sql = "(s.sensitive OR s.spoiler_text <> '')"
            case .boost: sql = "EXISTS (SELECT 1 FROM statuses b WHERE b.reblog_uri = s.uri)"
            case .bookmarked, .favourited:
                // The archived `bookmarks` / `favourites` timelines are the user's own, whichever account;
                // so are the ones an import named by uri (likes.json, bookmarks.json), once archived.
                sql = """
                    (s.id IN (SELECT ts.status_id FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                              WHERE t.spec = '\(kind == .bookmarked ? "bookmarks" : "favourites")')
                     OR s.uri IN (SELECT uri FROM status_references WHERE kind = '\(kind == .bookmarked ? "bookmark" : "favourite")'))
                    """
            case .direct, .private, .unlisted, .public:
                sql = "s.visibility = '\(kind.rawValue)'"
            }
        case .tag(let name):
            // The space-separated, normalized tag_names column (see Hashtag), as the SQLite store decides.
            sql = "position(\(bind(.text(" \(name) "))) IN ' ' || s.tag_names || ' ') > 0"
        case .language(let code):
            sql = "lower(s.language) = \(bind(.text(code.lowercased())))"
        case .before(let day):
            sql = "s.created_at < \(bind(.text(Timestamp.string(day))))"
        case .after(let day):
            sql = "s.created_at >= \(bind(.text(Timestamp.string(day.addingTimeInterval(86_400)))))"
        case .during(let day):
            let from = bind(.text(Timestamp.string(day)))
            sql = "(s.created_at >= \(from) AND s.created_at < \(bind(.text(Timestamp.string(day.addingTimeInterval(86_400))))))"
        case .inTimeline(let spec):
            sql = """
                EXISTS (SELECT 1 FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                        WHERE ts.status_id = s.id AND lower(t.spec) = lower(\(bind(.text(spec)))))
                """
        case .account(let handle):
            sql = """
                EXISTS (SELECT 1 FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                        JOIN archiving_accounts a ON a.id = t.account_id
                        WHERE ts.status_id = s.id AND lower(a.handle) = lower(\(bind(.text(handle)))))
                """
        }
        conditions.append(filter.negated ? "NOT \(sql)" : sql)
    }

    static func escapeLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
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
        case .poll: return "s.has_poll"
        case .link: return "(s.has_card OR s.text LIKE '%://%')"
        case .embed: return "s.has_card"
        case .alt:
            return "EXISTS (SELECT 1 FROM media_attachments m WHERE m.status_id = s.id AND COALESCE(m.description, '') <> '')"
        }
    }
}
