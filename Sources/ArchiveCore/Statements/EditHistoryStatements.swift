import Foundation

/// The statements of edit histories, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum EditHistoryStatements {
    /// The statuses of a server whose history is wanted, oldest wish first: ?1 the server, ?2 how many.
    package static let wanted = """
        SELECT status_id, server, local_id FROM edit_history_wanted WHERE server = ?1 ORDER BY wanted_at, status_id
        LIMIT ?2
        """
    /// Notes that an edited status's history is wanted (again, when this edit is newer than the one last
    /// wanted): ?1 its number, ?2 server, ?3 its id there, ?4 edited at, ?5 now.
    package static let want = "INSERT INTO \(wantTarget) VALUES (?1, ?2, ?3, ?4, ?5)\n" + wantConflict
    /// The table and columns of ``want``, for the stores' multi-row inserts.
    package static let wantTarget = "edit_history_wanted(status_id, server, local_id, edited_at, wanted_at)"
    /// What a wish written again does: a newer edit replaces the older wish.
    package static let wantConflict = """
        ON CONFLICT(status_id) DO UPDATE SET server = excluded.server, local_id = excluded.local_id,
            edited_at = excluded.edited_at, wanted_at = excluded.wanted_at
        WHERE excluded.edited_at > edit_history_wanted.edited_at
        """
    /// How many versions a status's history holds: ?1 its number.
    package static let versionCount = StatsStatements.count("status_edits", where: "status_id = ?1")
    /// Keeps one version as served: ?1 number, ?2 position, ?3 created at, ?4 server, ?5 raw JSON, ?6 now.
    package static let upsertVersion = """
        INSERT INTO status_edits(status_id, position, created_at, server, raw_json, fetched_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT(status_id, position) DO UPDATE SET created_at = excluded.created_at,
            server = excluded.server, raw_json = excluded.raw_json, fetched_at = excluded.fetched_at
        """
    /// Marks a history fetched: ?1 the status's number.
    package static let fetched = "DELETE FROM edit_history_wanted WHERE status_id = ?1"
    /// Drops the wishes for statuses' histories: ?1 their numbers (see ``SQLDialect/isAny(_:of:)``).
    package static func drop(_ dialect: any SQLDialect) -> String {
        "DELETE FROM edit_history_wanted WHERE " + dialect.isAny("status_id", of: "?1")
    }
    /// A status's versions, oldest first: ?1 its number.
    package static let versions = LookupStatements.rows("raw_json", of: "status_edits", orderedBy: "position")
}
