import Foundation
import Models

/// The statements of the notifications kept whole (issue 44), one text for both stores (arguments `?1`,
/// `?2`…, see ``SQLDialect/statement(_:)``).
package enum NotificationStatements {
    /// A notification of the page of timeline ?1, kept for the timeline's account: ?2 its id on the
    /// server, ?3 type, ?4 when, ?5 from whom, ?6 their name, ?7 its status's uri, ?8 url, ?9 raw JSON,
    /// ?10 now (``arguments(_:timelineID:raw:now:)``); then the columns in `apart` with their values (where
    /// the store keeps part of the JSON apart, see ``SQLDialect/keepingNotification(_:timelineID:now:)``).
    /// One seen again keeps its first sighting and takes what the server sends now.
    package static func keep(apart: [(column: String, value: String)] = []) -> String {
        let (columns, values, updates) = TableStatements.extraColumns(apart)
        return """
            INSERT INTO notifications(account_id, notification_id, type, created_at, from_acct, from_name, status_uri,
            status_url, raw_json, first_seen_at, last_seen_at\(columns))
            SELECT account_id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10\(values) FROM timelines
            WHERE id = ?1 AND account_id IS NOT NULL
            ON CONFLICT (account_id, notification_id) DO UPDATE SET type = excluded.type,
            created_at = excluded.created_at, from_acct = excluded.from_acct, from_name = excluded.from_name,
            status_uri = excluded.status_uri, status_url = excluded.status_url, raw_json = excluded.raw_json,
            last_seen_at = excluded.last_seen_at\(updates)
            """
    }

    /// ``keep(apart:)``'s arguments ?1–?10, the JSON as `raw`.
    package static func arguments(
        _ notification: ArchivableNotification, timelineID: Int64, raw: Data, now: SQLArgument
    ) -> [SQLArgument] {
        [
            .int(timelineID), .text(notification.id), .text(notification.type),
            .text(orNull: notification.createdAt.map(Timestamp.string)), .text(orNull: notification.fromAcct),
            .text(notification.fromName), .text(orNull: notification.statusURI),
            .text(orNull: notification.statusURL), .bytes(raw), now,
        ]
    }

    /// The notifications of ?1 account (every account's when NULL) since ?2 (all when NULL), of the types
    /// in ?3 when `byType`, newest first (a notification without a date last); when `paged`, at most the
    /// next argument's count of them after skipping the one after it.
    package static func list(_ dialect: any SQLDialect, byType: Bool, paged: Bool = false) -> String {
        let limit = byType ? 4 : 3
        return """
            SELECT a.handle AS account, n.notification_id, n.type, n.created_at, n.from_acct, n.from_name,
            n.status_uri, n.status_url, \(dialect.notificationJSON(of: "n")) AS raw_json
            FROM notifications n JOIN archiving_accounts a ON a.id = n.account_id
            WHERE (CAST(?1 AS BIGINT) IS NULL OR n.account_id = ?1) AND (CAST(?2 AS TEXT) IS NULL OR n.created_at >= ?2)
            \(byType ? "AND " + dialect.isAny("n.type", of: "?3") : "")
            ORDER BY n.created_at IS NULL, n.created_at DESC, length(n.notification_id) DESC, n.notification_id DESC,
            a.handle\(paged ? " LIMIT ?\(limit) OFFSET ?\(limit + 1)" : "")
            """
    }

    /// How many notifications of ?1 account (every account's when NULL) since ?2 (all when NULL), of the
    /// types in ?3 when `byType`, are kept.
    package static func count(_ dialect: any SQLDialect, byType: Bool) -> String {
        """
        SELECT COUNT(*) AS count FROM notifications n
        WHERE (CAST(?1 AS BIGINT) IS NULL OR n.account_id = ?1) AND (CAST(?2 AS TEXT) IS NULL OR n.created_at >= ?2)
        \(byType ? "AND " + dialect.isAny("n.type", of: "?3") : "")
        """
    }

    /// Who ?2 (`favourite`, `reblog`) status number ?1, as the notifications of its author's account told
    /// it and as that account's server said when asked (`status_reactions`, `icebox config reactions on`):
    /// only theirs, as another account's server speaks for that account's posts alone. Each account once
    /// (its first), oldest first; a notification without a date counts from when it was first seen, and
    /// so does an account the server listed.
    package static let reactions = """
        SELECT MIN(r.author_handle) AS author_handle, MIN(r.author_name) AS author_name,
            MIN(r.created_at) AS created_at
        FROM (
            SELECT n.from_acct AS author_handle, n.from_name AS author_name,
                COALESCE(n.created_at, n.first_seen_at) AS created_at
            FROM statuses p JOIN notifications n ON n.status_uri = p.uri
            JOIN archiving_accounts a ON a.id = n.account_id AND lower(a.handle) = lower(p.author_handle)
            WHERE p.id = ?1 AND n.type = ?2 AND n.from_acct IS NOT NULL
            UNION ALL
            SELECT s.acct, s.display_name, s.first_seen_at
            FROM statuses p JOIN status_reactions s ON s.status_uri = p.uri
            JOIN archiving_accounts a ON a.id = s.account_id AND lower(a.handle) = lower(p.author_handle)
            WHERE p.id = ?1 AND s.type = ?2
        ) r
        GROUP BY lower(r.author_handle) ORDER BY created_at, author_handle
        """

    /// How many notifications of each type are kept.
    package static let counts = "SELECT type, COUNT(*) AS count FROM notifications GROUP BY type ORDER BY type"
}
