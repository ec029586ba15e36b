import Foundation

/// The statements of edit histories, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum EditHistoryStatements {
    /// The statuses of a server whose history is wanted, oldest wish first: ?1 the server, ?2 how many.
    package static let wanted = """
        SELECT status_id, server, local_id FROM edit_history_wanted WHERE server = ?1 ORDER BY wanted_at, status_id
        LIMIT ?2
        """
    /// How many versions a status's history holds: ?1 its number.
    package static let versionCount = "SELECT COUNT(*) AS n FROM status_edits WHERE status_id = ?1"
    /// Keeps one version as served: ?1 number, ?2 position, ?3 created at, ?4 server, ?5 raw JSON, ?6 now.
    package static let upsertVersion = """
        INSERT INTO status_edits(status_id, position, created_at, server, raw_json, fetched_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT(status_id, position) DO UPDATE SET created_at = excluded.created_at,
            server = excluded.server, raw_json = excluded.raw_json, fetched_at = excluded.fetched_at
        """
    /// Marks a history fetched: ?1 the status's number.
    package static let fetched = "DELETE FROM edit_history_wanted WHERE status_id = ?1"
    /// A status's versions, oldest first: ?1 its number.
    package static let versions = "SELECT raw_json FROM status_edits WHERE status_id = ?1 ORDER BY position"
}
