import Foundation

/// The statements of `icebox stats --breakdown`, one text for both stores (arguments `?1`, see
/// ``SQLDialect/statement(_:)``): the posts in scope as `p`, then one count per list. Only how a
/// row's hashtags become rows differs (SQLite's json_each, PostgreSQL's unnest: see
/// ``SQLDialect/words(of:as:)``).
package enum BreakdownStatements {
    /// The posts in scope as `p(id)`: every post, or (`inTimeline`) those seen in the timeline ?1 (a
    /// boost standing for the post it boosts, once).
    package static func scope(inTimeline: Bool) -> String {
        inTimeline
            ? """
            WITH p(id) AS (SELECT DISTINCT COALESCE((SELECT b.id FROM statuses b WHERE b.uri = s.reblog_uri), s.id)
                FROM timeline_statuses ts JOIN statuses s ON s.id = ts.status_id WHERE ts.timeline_id = ?1)
            """
            : "WITH p(id) AS (SELECT id FROM statuses WHERE reblog_uri IS NULL) "
    }

    /// How many posts are in scope, as `n`.
    package static func posts(inTimeline: Bool) -> String {
        scope(inTimeline: inTimeline) + StatsStatements.count("p")
    }

    /// The posts in scope counted by `value` (as `name`, `count`), the most first then by name (bytewise),
    /// or by name alone; the first `limit` when given.
    package static func counts(
        _ value: String, join: String = "", byName: Bool = false, limit: Int?,
        inTimeline: Bool, _ dialect: any SQLDialect
    ) -> String {
        let name = dialect.bytewise("(\(value))")
        return scope(inTimeline: inTimeline) + """
            SELECT \(value) AS name, COUNT(*) AS count FROM p JOIN statuses s ON s.id = p.id \(join)
            GROUP BY 1 ORDER BY \(byName ? name : "count DESC, \(name)")\(limit.map { " LIMIT \(max($0, 0))" } ?? "")
            """
    }

    /// A post's hashtags as rows `t` (normalized names, space-separated in `tag_names`, see `Hashtag`): the
    /// value to count, and the join that gives it.
    package static func tags(_ dialect: any SQLDialect) -> (value: String, join: String) {
        ("t.value", "JOIN \(dialect.words(of: "s.tag_names", as: "t")) ON s.tag_names <> '' AND t.value <> ''")
    }

    /// A post's server: what follows the `@` of its author's handle, lowercased.
    package static func server(_ dialect: any SQLDialect) -> String {
        "lower(substr(s.author_handle, \(dialect.position(of: "'@'", in: "s.author_handle")) + 1))"
    }

    /// A post's language, `unknown` when it has none.
    package static let language = "COALESCE(NULLIF(lower(s.language), ''), 'unknown')"
    /// A post's month, `YYYY-MM`.
    package static let month = "substr(s.created_at, 1, 7)"
}
