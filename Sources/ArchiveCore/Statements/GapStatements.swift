import Foundation

/// The statements of the gap ledger, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum GapStatements {
    /// The open gap of a timeline with this cause and lower bound: ?1 timeline, ?2 cause, ?3 lower bound.
    package static func open(_ dialect: any SQLDialect) -> String {
        """
        SELECT id FROM timeline_gaps WHERE timeline_id = ?1 AND cause = ?2 AND \(dialect.isSame("from_id", "?3"))
        AND closed_at IS NULL
        """
    }
    /// The gaps of timeline ?1 (all when NULL), open ones only unless ?2, oldest first.
    package static let list = """
        SELECT * FROM timeline_gaps WHERE (CAST(?1 AS BIGINT) IS NULL OR timeline_id = ?1) AND (?2 OR closed_at IS NULL)
        ORDER BY id
        """
    /// Marks gaps closed: ?1 now, ?2 by what, ?3 the gaps' ids (see ``SQLDialect/isAny(_:of:)``).
    package static func close(_ dialect: any SQLDialect) -> String {
        "UPDATE timeline_gaps SET closed_at = ?1, closed_by = ?2 WHERE \(dialect.isAny("id", of: "?3")) AND closed_at IS NULL"
    }
    /// When the status a server's id names was created: ?1 the server, ?2 the id.
    package static let creation = """
        SELECT s.created_at FROM status_ids si JOIN statuses s ON s.id = si.status_id
        WHERE si.server = ?1 AND si.local_id = ?2
        """
    /// Records a gap: ?1 timeline, ?2 cause, ?3 from id, ?4 to id, ?5 from time, ?6 to time, ?7 now.
    package static let insert = """
        INSERT INTO timeline_gaps(timeline_id, cause, from_id, to_id, from_time, to_time, opened_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """
}
