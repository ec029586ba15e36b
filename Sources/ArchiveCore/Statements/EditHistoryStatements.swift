import Foundation
import Models

/// One version of a status's edit history, as a store keeps it (see ``SQLDialect/keepingVersion(_:)``).
package struct KeptVersion: Sendable {
    /// The status's number.
    package var number: Int64
    /// Its place in the history, from 0.
    package var position: Int
    /// When the version was written, and the server that served it.
    package var createdAt: String, server: String
    /// The version's JSON byte for byte as served.
    package var raw: Data
    /// When it was fetched.
    package var fetchedAt: String

    /// ``EditHistoryStatements/upsertVersion(apart:)``'s arguments ?1–?6.
    package var arguments: [SQLArgument] {
        [.int(number), .int(Int64(position)), .text(createdAt), .text(server), .bytes(raw), .text(fetchedAt)]
    }
}

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
    /// The arguments of ``want`` for an edited `status` whose row (number `statusID`) was written from
    /// `origin` now; nil when no history is wanted: one is asked for by the server's own id, never by one a
    /// file named.
    package static func wantRow(_ status: Status, _ statusID: Int64, _ origin: PageOrigin, now: String)
        -> [SQLArgument]?
    {
        guard !origin.idsFromFile, let editedAt = status.editedAt else { return nil }
        return [.int(statusID), .text(origin.server), .text(status.id), .text(Timestamp.string(editedAt)), .text(now)]
    }
    /// What a wish written again does: a newer edit replaces the older wish.
    package static let wantConflict = """
        ON CONFLICT(status_id) DO UPDATE SET server = excluded.server, local_id = excluded.local_id,
            edited_at = excluded.edited_at, wanted_at = excluded.wanted_at
        WHERE excluded.edited_at > edit_history_wanted.edited_at
        """
    /// How many versions a status's history holds: ?1 its number.
    package static let versionCount = StatsStatements.count("status_edits", where: "status_id = ?1")
    /// Keeps one version as served: ?1 number, ?2 position, ?3 created at, ?4 server, ?5 raw JSON, ?6 now,
    /// then the columns in `apart` with their values (where the store keeps part of the JSON apart, see
    /// ``SQLDialect/keepingVersion(_:)``).
    package static func upsertVersion(apart: [(column: String, value: String)] = []) -> String {
        let (columns, values, updates) = TableStatements.extraColumns(apart)
        return """
            INSERT INTO status_edits(status_id, position, created_at, server, raw_json, fetched_at\(columns))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6\(values))
            ON CONFLICT(status_id, position) DO UPDATE SET created_at = excluded.created_at,
                server = excluded.server, raw_json = excluded.raw_json, fetched_at = excluded.fetched_at\(updates)
            """
    }
    /// Marks a history fetched: ?1 the status's number.
    package static let fetched = "DELETE FROM edit_history_wanted WHERE status_id = ?1"
    /// Drops the wishes for statuses' histories: ?1 their numbers (see ``SQLDialect/isAny(_:of:)``).
    package static func drop(_ dialect: any SQLDialect) -> String {
        "DELETE FROM edit_history_wanted WHERE " + dialect.isAny("status_id", of: "?1")
    }
    /// A status's versions as served, oldest first, as `raw_json`: ?1 its number.
    package static func versions(_ dialect: any SQLDialect) -> String {
        LookupStatements.rows(
            dialect.versionJSON(of: "status_edits") + " AS raw_json", of: "status_edits", orderedBy: "position")
    }
}
