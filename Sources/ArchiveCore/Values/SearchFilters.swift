import Foundation
import SearchQuery

/// The filters of a `SearchQuery` (`from:`, `has:`, `is:`, `#tag`, `lang:`, dates, `in:`, `account:`) as
/// conditions on `statuses s`, written once for both stores over a ``SQLDialect``; the text of a query
/// (FTS5 or `tsvector`) is each store's own. Every value is a bound argument, numbered from
/// `firstParameter` in the order of `arguments`.
///
/// Besides the conditions it keeps what a planner can start from (the SQLite store's `SearchPlan`):
/// the positive author and mark filters, the positive tags, and the range of days the dates allow.
package struct SearchFilters {
    /// Conditions on `s`, joined with AND.
    package var conditions: [String] = []
    /// The arguments of `conditions`, in placeholder order.
    package var arguments: [SQLArgument] = []
    /// Positive `from:` filters as conditions on `s` with their own arguments (numbered from 1), and
    /// positive marks: statuses an index lists directly.
    package var authorLookups: [(sql: String, arguments: [SQLArgument])] = []
    /// Positive `is:bookmarked` / `is:favourited` filters, which are not among `conditions`: a planner
    /// applies them its own way (SQLite reads the marked rows from a partial index), or adds
    /// `markConditions`.
    package var marks: [UserMark] = []
    /// The conditions of `marks` (they take no arguments).
    package var markConditions: [String] { marks.map(dialect.marked) }
    /// Every condition: `conditions` and `markConditions`.
    package var allConditions: [String] { conditions + markConditions }
    /// Positive tags with a letter or a number in them, which the word index can narrow to.
    package var tags: [String] = []
    /// The days the positive date filters allow: from `lower` (inclusive) to `upper` (exclusive).
    package var dayRange: (lower: Date?, upper: Date?) = (nil, nil)

    private let dialect: any SQLDialect
    private let firstParameter: Int

    package init(_ filters: [SearchQuery.Filter], dialect: any SQLDialect, firstParameter: Int = 1) {
        self.dialect = dialect
        self.firstParameter = firstParameter
        for filter in filters { add(filter) }
    }

    /// Binds a value and returns its placeholder.
    private mutating func bind(_ value: SQLArgument) -> String {
        arguments.append(value)
        return dialect.placeholder(firstParameter + arguments.count - 1)
    }

    private mutating func add(_ filter: SearchQuery.Filter) {
        let sql: String
        switch filter.condition {
        case .fromMe:
            // A file's posts of the user's account count too, marked as a file's (`SearchHit.fromFile`):
            // an import of one's own export is what fills an archive's past (see ImportClaims).
            sql = "s.author_handle IN (SELECT handle FROM archiving_accounts WHERE removed_at IS NULL)"
        case .fromFollowing:
            // Handles compare without case: the ledger keeps a handle as the user's server wrote it. The set
            // is read once (it does not depend on the row), then each row is a lookup in it.
            sql = """
                lower(s.author_handle) IN (SELECT lower(r.target) FROM relations r
                    JOIN archiving_accounts a ON a.id = r.account_id
                    WHERE r.kind = '\(RelationKind.following.rawValue)' AND r.ended_at IS NULL AND a.removed_at IS NULL)
                """
        case .from(let user, let host):
            // Handles compare without case, through the index on lower(author_handle).
            var own: [SQLArgument] = []
            let lookup = Self.author(user: user, host: host, dialect) { value in
                own.append(value)
                return dialect.placeholder(own.count)
            }
            var bound: [SQLArgument] = []
            sql = Self.author(user: user, host: host, dialect) { value in
                bound.append(value)
                return dialect.placeholder(firstParameter + arguments.count + bound.count - 1)
            }
            arguments += bound
            if !filter.negated { authorLookups.append((lookup, own)) }
        case .has(let feature):
            sql = has(feature)
        case .isA(let kind):
            switch kind {
            case .reply: sql = dialect.isTrue("s.in_reply_to")
            case .sensitive: sql = "(\(dialect.isTrue("s.sensitive")) OR s.spoiler_text <> '')"
            case .boost: sql = "EXISTS (SELECT 1 FROM statuses b WHERE b.reblog_uri = s.uri)"
            case .bookmarked, .favourited:
                let mark: UserMark = kind == .bookmarked ? .bookmarked : .favourited
                sql = dialect.marked(mark)
                // A positive mark is left to the planner (see `markConditions`).
                if !filter.negated {
                    marks.append(mark)
                    return
                }
            case .direct, .private, .unlisted, .public:
                sql = "s.visibility = '\(kind.rawValue)'"
            }
        case .tag(let name):
            // The exact index of tags decides (see TagStatements); a word index would also match one word of
            // `#foo_bar`.
            sql = TagStatements.carries(bind(.text(name)))
            if !filter.negated, name.contains(where: { $0.isLetter || $0.isNumber }) { tags.append(name) }
        case .language(let code):
            let value = bind(.text(code))
            sql = dialect.caseless("s.language", equals: value)
        case .before(let day):
            let value = bind(dialect.dayBoundary(day).value)
            sql = "\(dayColumn) < \(value)"
            if !filter.negated { narrow(upper: day) }
        case .after(let day):
            let next = day.addingTimeInterval(86_400)
            let value = bind(dialect.dayBoundary(next).value)
            sql = "\(dayColumn) >= \(value)"
            if !filter.negated { narrow(lower: next) }
        case .during(let day):
            let next = day.addingTimeInterval(86_400)
            let from = bind(dialect.dayBoundary(day).value)
            let until = bind(dialect.dayBoundary(next).value)
            sql = "(\(dayColumn) >= \(from) AND \(dayColumn) < \(until))"
            if !filter.negated { narrow(lower: day, upper: next) }
        case .inTimeline(let spec):
            let value = bind(.text(spec))
            let condition = dialect.caseless("t.spec", equals: value)
            sql = """
                EXISTS (SELECT 1 FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                        WHERE ts.status_id = s.id AND \(condition))
                """
        case .account(let handle):
            let value = bind(.text(handle))
            let condition = dialect.caseless("a.handle", equals: value)
            sql = """
                EXISTS (SELECT 1 FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                        JOIN archiving_accounts a ON a.id = t.account_id
                        WHERE ts.status_id = s.id AND \(condition))
                """
        }
        conditions.append(filter.negated ? "NOT \(sql)" : sql)
    }

    private var dayColumn: String { dialect.dayBoundary(Date(timeIntervalSince1970: 0)).column }

    /// `from:user@host` (one handle) or `from:user` (every handle that starts with `user@`).
    private static func author(
        user: String, host: String?, _ dialect: any SQLDialect,
        bind: (SQLArgument) -> String
    ) -> String {
        if let host { return "lower(s.author_handle) = \(bind(.text("\(user)@\(host)".lowercased())))" }
        return dialect.handlePrefix(user.lowercased() + "@", bind: bind)
    }

    private mutating func narrow(lower: Date? = nil, upper: Date? = nil) {
        if let lower { dayRange.lower = max(dayRange.lower ?? lower, lower) }
        if let upper { dayRange.upper = min(dayRange.upper ?? upper, upper) }
    }

    private func has(_ feature: SearchQuery.Feature) -> String {
        func media(_ types: String) -> String {
            "EXISTS (SELECT 1 FROM media_attachments m WHERE m.status_id = s.id AND m.type IN (\(types)))"
        }
        switch feature {
        case .media: return "s.media_count > 0"
        case .image: return media("'image'")
        case .video: return media("'video', 'gifv'")
        case .audio: return media("'audio'")
        case .poll: return dialect.isTrue("s.has_poll")
        case .link: return "(\(dialect.isTrue("s.has_card")) OR s.text LIKE '%://%')"
        case .embed: return dialect.isTrue("s.has_card")
        case .alt:
            return
                "EXISTS (SELECT 1 FROM media_attachments m WHERE m.status_id = s.id AND COALESCE(m.description, '') <> '')"
        }
    }
}
