import Foundation

/// The statements of the pinned timelines, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum TimelineStatements {
    /// Moves a timeline's cursors: ?1 the newest cursor or NULL (kept), ?2 whether the backfill is
    /// complete (then its cursor goes), ?3 the backfill cursor or NULL (kept), ?4 backfill pages read, ?5
    /// the timeline.
    package static let moveCursors = """
        UPDATE timelines SET
            newest_cursor = COALESCE(?1, newest_cursor),
            backfill_cursor = CASE WHEN ?2 THEN NULL ELSE COALESCE(?3, backfill_cursor) END,
            backfill_complete = backfill_complete OR ?2,
            backfill_pages = backfill_pages + ?4
        WHERE id = ?5
        """
    /// A timeline with its account's handle and how many statuses it holds: a `PinnedTimeline`, its
    /// columns named as its coding keys.
    private static let select = """
        SELECT t.*, a.handle AS account_handle,
            (SELECT COUNT(*) FROM timeline_statuses ts WHERE ts.timeline_id = t.id) AS status_count
        FROM timelines t LEFT JOIN archiving_accounts a ON a.id = t.account_id
        """

    /// The pinned timelines, in the order they were added.
    package static let pinned = select + " WHERE t.removed_at IS NULL ORDER BY t.id"
    /// One timeline: ?1 its id.
    package static let byID = select + " WHERE t.id = ?1"
    /// One timeline: ?1 its spec, ?2 its account's id (NULL without login).
    package static let bySpec = select + " WHERE t.spec = ?1 AND COALESCE(t.account_id, 0) = COALESCE(?2, 0)"

    /// The handle of an account in use: ?1 its id.
    package static let accountHandle = AccountStatements.handle
    /// Whether a timeline was ever pinned: ?1 its spec, ?2 its account's id.
    package static let existing = """
        SELECT id, removed_at FROM timelines WHERE spec = ?1 AND COALESCE(account_id, 0) = COALESCE(?2, 0)
        """
    /// Pins a timeline again: ?1 the server it is read from, ?2 its id.
    package static let restore = "UPDATE timelines SET removed_at = NULL, server = ?1 WHERE id = ?2"
    /// Pins a new timeline: ?1 spec, ?2 account id, ?3 server, ?4 now.
    package static let insert = "INSERT INTO timelines(spec, account_id, server, added_at) VALUES (?1, ?2, ?3, ?4)"
    /// Unpins a timeline: ?1 now, ?2 its id.
    package static let remove = AccountStatements.remove(from: "timelines")

    /// Records how a sync ended: ?1 now, ?2 the result (`ok` moves the last success), ?3 the error, ?4 the id.
    package static let syncResult = """
        UPDATE timelines SET last_sync_at = ?1, last_result = ?2, last_error = ?3,
            last_success_at = CASE WHEN ?2 = 'ok' THEN ?1 ELSE last_success_at END
        WHERE id = ?4
        """

    /// The id on a server of a timeline's n-th newest status (ids compare by length, then bytewise),
    /// among the ids that server gave (a file's id is never a cursor the server is asked with):
    /// ?1 the server, ?2 the timeline, ?3 n.
    package static func overlapCursor(_ dialect: any SQLDialect) -> String {
        """
        SELECT si.local_id FROM timeline_statuses ts
        JOIN status_ids si ON si.status_id = ts.status_id AND si.server = ?1 AND NOT si.from_file
        WHERE ts.timeline_id = ?2
        ORDER BY length(si.local_id) DESC, \(dialect.bytewise("si.local_id")) DESC LIMIT 1 OFFSET ?3
        """
    }
}
