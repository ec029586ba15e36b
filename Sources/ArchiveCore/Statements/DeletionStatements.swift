import Foundation

/// The statements of deletions and redaction, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum DeletionStatements {
    /// The servers of the user's accounts (see `DeletionAuthority`): those of the accounts in use but the
    /// servers an account found to be another Icebox on (`mirror_seen_at`, `schema/0033`), whatever
    /// account of the server's it was found with.
    package static let accountServers = AccountStatements.inUse(
        "server",
        where:
            "server NOT IN (SELECT m.server FROM archiving_accounts m WHERE m.mirror_seen_at IS NOT NULL)")
    /// Records that the account of timeline ?1 is on another Icebox, ?2 now (the first time only).
    package static let seenMirror = """
        UPDATE archiving_accounts SET mirror_seen_at = ?2
        WHERE id = (SELECT account_id FROM timelines WHERE id = ?1) AND mirror_seen_at IS NULL
        """
    /// Marks statuses gone, those not marked already: ?1 when, ?2 how it was learnt; `statuses` the
    /// condition on `id` that names them (`id = ?3`, or a list, see ``SQLDialect/isAny(_:of:)``).
    package static func markGone(_ statuses: String) -> String {
        "UPDATE statuses SET gone_at = ?1, gone_via = ?2 WHERE \(statuses) AND gone_at IS NULL"
    }
    /// Marks one server's copies of statuses gone: ?1 when, ?2 how it was learnt, ?4 the server;
    /// `statuses` the condition on `status_id` that names them (?3).
    package static func markCopiesGone(_ statuses: String) -> String {
        "UPDATE status_ids SET gone_at = ?1, gone_via = ?2 WHERE \(statuses) AND server = ?4 AND gone_at IS NULL"
    }
    /// Empties a gone status of its words, keeping the tombstone: ?1 the redacted raw JSON (see
    /// ``Redaction``), ?2 now, ?3 its number; `alsoClearing` the store's own derived columns (`column =
    /// value, ` each), `content` among them where the store keeps it (SQLite reads it from the raw JSON).
    package static func redact(alsoClearing: String = "") -> String {
        """
        UPDATE statuses SET text = '', spoiler_text = '', alt_text = '', extra_text = '',
            search_author = '', tag_names = '', search_cjk = '', media_count = 0, has_poll = FALSE,
            has_card = FALSE, \(alsoClearing)raw_json = ?1, redacted_at = ?2 WHERE id = ?3
        """
    }
    /// The statuses a server may have deleted since a date, to ask it again, with their ids there, after
    /// a number: ?1 the server, ?2 the date, ?3 the number, ?4 how many. Only ids the server gave: one a
    /// file named is no word of the server's, and its "no such status" would be about another post.
    package static let recheckCandidates = """
        SELECT s.id, MIN(si.local_id) AS local_id FROM statuses s
        JOIN status_ids si ON si.status_id = s.id AND si.server = ?1 AND si.gone_at IS NULL AND NOT si.from_file
        WHERE s.gone_at IS NULL AND s.created_at >= ?2 AND s.id > ?3
        GROUP BY s.id ORDER BY s.id LIMIT ?4
        """
    /// Gone statuses, and boosts of them, not yet redacted.
    package static func toRedact(_ dialect: any SQLDialect) -> String {
        """
        SELECT id, uri, \(dialect.rawJSON(of: "statuses")) AS raw_json FROM statuses
        WHERE redacted_at IS NULL AND (gone_at IS NOT NULL
            OR reblog_uri IN (SELECT uri FROM statuses WHERE gone_at IS NOT NULL))
        """
    }
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
    /// What another Icebox offered for a media link, unless another post still has it: ?1 the URL.
    package static let forgetOffer = """
        DELETE FROM media_offers WHERE url = ?1 AND NOT EXISTS (SELECT 1 FROM media_attachments
            WHERE url = ?1 OR remote_url = ?1 OR preview_url = ?1)
        """
}
