import Foundation

/// The statements of deletions and redaction, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum DeletionStatements {
    /// The servers of the user's accounts (see `DeletionAuthority`).
    package static let accountServers = "SELECT server FROM archiving_accounts WHERE removed_at IS NULL"
    /// Gone statuses, and boosts of them, not yet redacted.
    package static let toRedact = """
        SELECT id, uri, raw_json FROM statuses
        WHERE redacted_at IS NULL AND (gone_at IS NOT NULL
            OR reblog_uri IN (SELECT uri FROM statuses WHERE gone_at IS NOT NULL))
        """
    /// A status's media links: ?1 its number.
    package static let mediaLinks = "SELECT url, remote_url, preview_url FROM media_attachments WHERE status_id = ?1"
    /// The unreadable copy of a status, which holds its bytes too: ?1 its number.
    package static let forgetUnreadable = """
        DELETE FROM unreadable_statuses WHERE status_id = ?1 OR (server, local_id) IN
            (SELECT server, local_id FROM status_ids WHERE status_id = ?1)
        """
    /// The tables whose rows of a redacted status go.
    package static let redactedTables = [
        "media_attachments", "status_versions", "status_copies", "status_edits", "edit_history_wanted",
    ]
    /// A redacted status's rows in one of `redactedTables`: ?1 its number.
    package static func forgetRows(in table: String) -> String { "DELETE FROM \(table) WHERE status_id = ?1" }
    /// A media link's download, unless another post still has it: ?1 the URL.
    package static let forgetLink = """
        DELETE FROM media_downloads WHERE url = ?1 AND NOT EXISTS (SELECT 1 FROM media_attachments
            WHERE url = ?1 OR remote_url = ?1 OR preview_url = ?1)
        """
}
