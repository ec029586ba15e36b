/// The statements of the direct-message conversations kept whole (issue 44), one text for both stores
/// (arguments `?1`, `?2`…, see ``SQLDialect/statement(_:)``).
package enum ConversationStatements {
    /// Whether the object arriving (`excluded`) is at least as new as the one kept: its last status's id
    /// (a number, compared by length, then bytes) no lower, or the one kept without a last status.
    private static let arrivingIsNewer = """
        (conversations.last_status_id IS NULL OR (excluded.last_status_id IS NOT NULL AND
        (length(excluded.last_status_id) > length(conversations.last_status_id) OR
        (length(excluded.last_status_id) = length(conversations.last_status_id) AND
        excluded.last_status_id >= conversations.last_status_id))))
        """

    /// The columns a newer object replaces.
    private static let replaced = [
        "unread", "accounts", "last_status_id", "last_status_uri", "last_status_url", "last_status_created_at",
        "raw_json",
    ]

    /// A conversation of the page of timeline ?1, kept for the timeline's account: ?2 its id on the server,
    /// ?3 unread (0/1), ?4 its participants, ?5 its last status's id, ?6 uri, ?7 url, ?8 date, ?9 raw JSON,
    /// ?10 now. One seen again keeps its first sighting and is updated in place when its last status is
    /// no older than the one kept (an overlap re-read of an older page never brings an old object back).
    package static let keep = """
        INSERT INTO conversations(account_id, conversation_id, unread, accounts, last_status_id, last_status_uri,
        last_status_url, last_status_created_at, raw_json, first_seen_at, last_seen_at)
        SELECT account_id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10 FROM timelines WHERE id = ?1 AND account_id IS NOT NULL
        ON CONFLICT (account_id, conversation_id) DO UPDATE SET
        \(replaced.map { "\($0) = CASE WHEN \(arrivingIsNewer) THEN excluded.\($0) ELSE conversations.\($0) END" }
            .joined(separator: ",\n")),
        last_seen_at = excluded.last_seen_at
        """

    /// The conversations of ?1 account (every account's when NULL), only the one of id ?2 when not NULL,
    /// newest first as Mastodon lists them (by their last statuses' ids; one without a last status last),
    /// with the archive's number and text of each last status it holds.
    package static let list = """
        SELECT a.handle AS account, c.conversation_id, c.unread, c.accounts, c.last_status_id, c.last_status_uri,
        c.last_status_url, c.last_status_created_at, c.raw_json, c.first_seen_at, c.last_seen_at,
        s.id AS status_number, s.text AS status_text
        FROM conversations c JOIN archiving_accounts a ON a.id = c.account_id
        LEFT JOIN statuses s ON s.uri = c.last_status_uri
        WHERE (CAST(?1 AS BIGINT) IS NULL OR c.account_id = ?1)
        AND (CAST(?2 AS TEXT) IS NULL OR c.conversation_id = ?2)
        ORDER BY c.last_status_id IS NULL, length(c.last_status_id) DESC, c.last_status_id DESC,
        length(c.conversation_id) DESC, c.conversation_id DESC, a.handle
        LIMIT ?3 OFFSET ?4
        """

    /// How many conversations are kept.
    package static let count = "SELECT COUNT(*) AS count FROM conversations"
}
