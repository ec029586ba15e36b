import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// The breakdown of every post, or of those seen in the timeline `timelineID`; `top` values per list.
    public func breakdown(timelineID: Int64? = nil, top: Int = 10) async throws(ArchiveError) -> ArchiveBreakdown {
        try await read { db in
            // The posts in scope, read by each count.
            let scope = timelineID == nil
                ? "WITH p(id) AS (SELECT id FROM statuses WHERE reblog_uri IS NULL) "
                : """
                    WITH p(id) AS (SELECT DISTINCT COALESCE((SELECT b.id FROM statuses b WHERE b.uri = s.reblog_uri), s.id)
                        FROM timeline_statuses ts JOIN statuses s ON s.id = ts.status_id WHERE ts.timeline_id = ?1)
                    """
            let arguments: StatementArguments = timelineID.map { [$0] } ?? []
            let limit = " LIMIT \(max(top, 0))"
            func counts(_ value: String, join: String = "", order: String = "count DESC, name",
                        all: Bool = false) throws -> [ArchiveBreakdown.Count] {
                try Row.fetchAll(db, sql: scope + """
                    SELECT \(value) AS name, COUNT(*) AS count FROM p JOIN statuses s ON s.id = p.id \(join)
                    GROUP BY name ORDER BY \(order)\(all ? "" : limit)
                    """, arguments: arguments).map { ArchiveBreakdown.Count(name: $0["name"], count: $0["count"]) }
            }
            // Hashtags are normalized names of letters, digits and _ (see Hashtag), space-separated.
            let tags = """
                JOIN json_each('["' || replace(s.tag_names, ' ', '","') || '"]') t ON s.tag_names != '' AND t.value != ''
                """
            return ArchiveBreakdown(
                posts: try Int.fetchOne(db, sql: scope + "SELECT COUNT(*) FROM p", arguments: arguments) ?? 0,
                hashtags: try counts("t.value", join: tags),
                authors: try counts("s.author_handle"),
                servers: try counts("lower(substr(s.author_handle, instr(s.author_handle, '@') + 1))"),
                languages: try counts("IFNULL(NULLIF(lower(s.language), ''), 'unknown')"),
                months: try counts("substr(s.created_at, 1, 7)", order: "name", all: true))
        }
    }
}
