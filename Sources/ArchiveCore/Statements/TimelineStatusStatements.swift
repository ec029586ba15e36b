import Foundation

/// The statements that read the statuses one timeline carried (`timeline_statuses` joined to
/// `statuses`), one text for both stores (arguments `?1`, `?2`…, see ``SQLDialect/statement(_:)``).
package enum TimelineStatusStatements {
    /// The table and columns a status is recorded in a timeline with.
    package static let target = "timeline_statuses(timeline_id, status_id, first_seen_at)"
    /// What recording a status a timeline already holds does: nothing (the first sighting stays).
    package static let keepFirst = "ON CONFLICT(timeline_id, status_id) DO NOTHING"
    /// The arguments of ``record``: status `statusID` in timeline `timelineID`, first seen `now`.
    package static func row(_ timelineID: Int64, _ statusID: Int64, now: String) -> [SQLArgument] {
        [.int(timelineID), .int(statusID), .text(now)]
    }
    /// Records status ?2 in timeline ?1, first seen ?3 (see ``keepFirst``).
    package static let record = "INSERT INTO \(target) VALUES (?1, ?2, ?3) " + keepFirst
    /// ``record``, giving back `status_id` when the timeline did not hold the status yet.
    package static let recordReturning = record + " RETURNING status_id"
    /// The statuses of timeline ?1 with what each reads from them.
    private static func carried(_ columns: String) -> String {
        "SELECT \(columns) FROM timeline_statuses ts JOIN statuses s ON s.id = ts.status_id WHERE ts.timeline_id = ?1"
    }

    /// The archive keys of a timeline's statuses, ordered by their bytes: ?1 the timeline.
    package static func uris(_ dialect: any SQLDialect) -> String {
        carried("s.uri") + " ORDER BY " + dialect.bytewise("s.uri")
    }
    /// The creation dates of a timeline's newest statuses, newest first: ?1 the timeline, ?2 how many.
    package static let recentCreationDates = carried("s.created_at") + " ORDER BY s.created_at DESC LIMIT ?2"
    /// How many of a list of archive keys a timeline holds: ?1 the timeline, ?2 the keys.
    package static func countAmong(_ dialect: any SQLDialect) -> String {
        carried("COUNT(*) AS n") + " AND " + dialect.isAny("s.uri", of: "?2")
    }
    /// The posts of a timeline (a boost stands for the post it boosts, once), newest first, as `id`:
    /// ?1 the timeline, ?2 the earliest creation date or NULL, ?3 the date before which or NULL;
    /// `condition` (`AND …` on `p`, or nothing) narrows them.
    package static func posts(_ condition: String) -> String {
        """
        SELECT DISTINCT p.id, p.created_at FROM timeline_statuses ts
        JOIN statuses s ON s.id = ts.status_id
        JOIN statuses p ON p.id = COALESCE((SELECT b.id FROM statuses b WHERE b.uri = s.reblog_uri), s.id)
        WHERE ts.timeline_id = ?1 AND (CAST(?2 AS TEXT) IS NULL OR p.created_at >= ?2)
            AND (CAST(?3 AS TEXT) IS NULL OR p.created_at < ?3)
        \(condition)
        ORDER BY p.created_at DESC, p.id DESC
        """
    }
    /// The creation date of a timeline's newest status: ?1 the timeline.
    package static let newest = carried("MAX(s.created_at) AS newest")
    /// How many statuses a timeline holds from a date on, and the oldest of them: ?1 the timeline, ?2 the date.
    package static let window = carried("COUNT(*) AS n, MIN(s.created_at) AS oldest") + " AND s.created_at >= ?2"
}
