/// The statements of the Mastodon client API's lists beside statuses (issue 45), one text for both
/// stores: an account's notifications paged by their servers' ids, its holding relations paged by
/// position, its relationships with given accounts, and the custom emoji of recent statuses.
package enum APIListStatements {
    /// The notifications of ?1 account: of the types in ?2 when ?7, not of those in ?3 when ?8, with ids
    /// below ?4 and above ?5 when not NULL (compared as Mastodon's ids: by length, then text), only the one
    /// of id ?9 when not NULL, newest
    /// first (oldest first when `oldestFirst`), at most ?6.
    package static func notifications(_ dialect: any SQLDialect, oldestFirst: Bool) -> String {
        let id = dialect.bytewise("n.notification_id")
        let order = oldestFirst ? "ASC" : "DESC"
        return """
            SELECT a.handle AS account, n.notification_id, n.type, n.created_at, n.from_acct, n.from_name,
            n.status_uri, n.status_url, \(dialect.notificationJSON(of: "n")) AS raw_json
            FROM notifications n JOIN archiving_accounts a ON a.id = n.account_id
            WHERE n.account_id = ?1 AND (CAST(?9 AS TEXT) IS NULL OR n.notification_id = ?9) AND (NOT ?7 OR \(dialect.isAny("n.type", of: "?2")))
            AND (NOT ?8 OR NOT \(dialect.isAny("n.type", of: "?3")))
            AND (CAST(?4 AS TEXT) IS NULL OR (length(n.notification_id), \(id)) < (length(CAST(?4 AS TEXT)), CAST(?4 AS TEXT)))
            AND (CAST(?5 AS TEXT) IS NULL OR (length(n.notification_id), \(id)) > (length(CAST(?5 AS TEXT)), CAST(?5 AS TEXT)))
            ORDER BY length(n.notification_id) \(order), \(id) \(order) LIMIT ?6
            """
    }

    /// The holding relations of ?1 account of kind ?2 (not list members), in the order the ledger first
    /// saw them: ?3 how many, ?4 from which.
    package static let relations = """
        SELECT r.target, r.url, r.display_name, r.raw_json FROM relations r
        WHERE r.account_id = ?1 AND r.kind = ?2 AND r.list_id = '' AND r.ended_at IS NULL
        ORDER BY r.id LIMIT ?3 OFFSET ?4
        """

    /// The holding relations of ?1 account whose target (lower case) is one of ?2, of every kind but lists
    /// and their members: what a relationship says.
    package static func relationships(_ dialect: any SQLDialect) -> String {
        """
        SELECT r.kind, r.target, r.note, r.showing_reblogs, r.notifying, r.languages FROM relations r
        WHERE r.account_id = ?1 AND r.list_id = '' AND r.ended_at IS NULL AND \(dialect.isAny("lower(r.target)", of: "?2"))
        """
    }

    /// The custom emoji of the newest ?1 statuses, one url of each shortcode, by shortcode: at most ?2.
    package static func customEmoji(_ dialect: any SQLDialect) -> String {
        let emoji = dialect.emoji(of: "s")
        return """
            SELECT shortcode, MIN(url) AS url FROM (
                SELECT \(emoji.shortcode) AS shortcode, \(emoji.url) AS url
                FROM (SELECT * FROM statuses ORDER BY id DESC LIMIT ?1) s \(emoji.join)
            ) found WHERE shortcode IS NOT NULL AND shortcode <> '' AND url IS NOT NULL AND url <> ''
            GROUP BY shortcode ORDER BY \(dialect.bytewise("shortcode")) LIMIT ?2
            """
    }
}
