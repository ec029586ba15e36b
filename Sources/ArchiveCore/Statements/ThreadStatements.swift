import Foundation

/// The statements that walk a conversation, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``). Parents and replies are linked through each server's own ids
/// (`status_ids`), and by uri where a reply names its parent so (an imported reply to another server's
/// post; see schema/0015).
package enum ThreadStatements {
    /// The post a row stands for (the boosted post for a boost), as `id`: ?1 the row's number.
    package static let postNumber = """
        SELECT COALESCE((SELECT p.id FROM statuses p WHERE p.uri = s.reblog_uri), s.id) AS id
        FROM statuses s WHERE s.id = ?1
        """
    /// Whether a status replies to something: ?1 its number.
    package static let isReply = LookupStatements.select("in_reply_to", where: "id")
    /// The archived status a status replies to, as `status_id`: ?1 its number.
    package static let parent = """
        SELECT p.status_id FROM status_ids c
        JOIN status_ids p ON p.server = c.server AND p.local_id = c.in_reply_to_id
        WHERE c.status_id = ?1 AND p.status_id <> c.status_id
        UNION ALL
        SELECT p.id FROM status_ids c JOIN statuses p ON p.uri = c.in_reply_to_id
        WHERE c.status_id = ?1 AND c.in_reply_to_id LIKE 'http%' AND p.id <> c.status_id
        LIMIT 1
        """
    /// The archived replies to a status, oldest first, as `id`: ?1 its number. SQLite is told the index
    /// (see `SQLDialect.indexedBy`).
    package static func replies(_ dialect: any SQLDialect) -> String {
        """
        SELECT s.id FROM statuses s WHERE s.id IN (
            SELECT c.status_id FROM status_ids p
            JOIN status_ids c\(dialect.indexedBy("status_ids_by_parent")) ON c.server = p.server AND c.in_reply_to_id = p.local_id
            WHERE p.status_id = ?1 AND c.in_reply_to_id IS NOT NULL AND c.status_id <> p.status_id
            UNION
            SELECT c.status_id FROM statuses p JOIN status_ids c ON c.in_reply_to_id = p.uri
            WHERE p.id = ?1 AND c.in_reply_to_id LIKE 'http%' AND c.status_id <> p.id)
        ORDER BY s.created_at, s.id
        """
    }
    /// The parents an author's replies name by uri that the archive does not hold: ?1 the author.
    package static let missingParents = """
        SELECT DISTINCT c.in_reply_to_id AS uri FROM status_ids c JOIN statuses r ON r.id = c.status_id
        WHERE c.in_reply_to_id LIKE 'http%' AND lower(r.author_handle) = lower(?1)
            AND NOT EXISTS (SELECT 1 FROM statuses p WHERE p.uri = c.in_reply_to_id)
        ORDER BY 1
        """
    /// Every server's id for a status, the server its JSON came from first: ?1 its number.
    package static func serverIDs(_ dialect: any SQLDialect) -> String {
        """
        SELECT si.server, si.local_id, si.gone_at, si.from_file FROM status_ids si JOIN statuses s ON s.id = si.status_id
        WHERE si.status_id = ?1 ORDER BY si.server <> s.raw_server, \(dialect.bytewise("si.server"))
        """
    }
}
