import Foundation

/// The statements of statuses kept unreadable, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum UnreadableStatements {
    /// Whether a status is kept already: ?1 the server, ?2 its key (`id:…` or `sha256:…`).
    package static let known = "SELECT 1 FROM unreadable_statuses WHERE server = ?1 AND item_key = ?2"
    /// Keeps a status, or refreshes the kept one unless a later reading archived it: ?1 server, ?2 key,
    /// ?3 its id, ?4 timeline, ?5 page cursor, ?6 reason, ?7 bytes, ?8 reader version, ?9 now.
    package static let keep = """
        INSERT INTO unreadable_statuses(server, item_key, local_id, timeline_id, page_cursor, error, raw_json,
            icebox_version, first_seen_at, last_seen_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)
        ON CONFLICT(server, item_key) DO UPDATE SET error = excluded.error, raw_json = excluded.raw_json,
            icebox_version = excluded.icebox_version, last_seen_at = excluded.last_seen_at,
            timeline_id = COALESCE(excluded.timeline_id, unreadable_statuses.timeline_id),
            page_cursor = excluded.page_cursor
        WHERE unreadable_statuses.archived_at IS NULL
        """
    /// The kept statuses not archived since, oldest first; only those an Icebox other than ?1 failed on
    /// when ?1 is not NULL.
    package static let pending = """
        SELECT * FROM unreadable_statuses WHERE archived_at IS NULL AND (CAST(?1 AS TEXT) IS NULL OR icebox_version <> ?1)
        ORDER BY id
        """
    /// Every kept status, oldest first.
    package static let all = "SELECT * FROM unreadable_statuses ORDER BY id"
    /// The number of the status with a uri: ?1 the uri.
    package static let statusByURI = LookupStatements.idByURI
    /// Marks a kept status archived: ?1 now, ?2 the status's number, ?3 the kept row.
    package static let archived = "UPDATE unreadable_statuses SET archived_at = ?1, status_id = ?2 WHERE id = ?3"
    /// Records why a kept status still cannot be read: ?1 the reason, ?2 the reader version, ?3 the kept row.
    package static let stillUnreadable = "UPDATE unreadable_statuses SET error = ?1, icebox_version = ?2 WHERE id = ?3"
}
