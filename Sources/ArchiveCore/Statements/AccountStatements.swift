import Foundation

/// The statements of the archiving accounts, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum AccountStatements {
    /// Adds the account, or brings back one that was removed, refreshing its profile: ?1 handle,
    /// ?2 server, ?3 remote id, ?4 username, ?5 display name, ?6 profile URL, ?7 now.
    package static let upsert = """
        INSERT INTO archiving_accounts(handle, server, remote_id, username, display_name, url, added_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        ON CONFLICT(server, remote_id) DO UPDATE SET handle = excluded.handle,
            username = excluded.username, display_name = excluded.display_name, url = excluded.url,
            removed_at = NULL
        """

    /// The account in use with an identity: ?1 server, ?2 remote id.
    /// Marks the posts the account numbered ?1 boosted among those archived (the user's mark 64, see
    /// `UserMarks`), where they are not marked yet.
    package static let boostMarks = """
        UPDATE statuses SET user_marks = user_marks | 64
        WHERE uri IN (SELECT b.reblog_uri FROM statuses b JOIN archiving_accounts a ON a.handle = b.author_handle
                      WHERE a.id = ?1 AND b.reblog_uri IS NOT NULL)
          AND (user_marks & 64) = 0
        """

    package static let inUseByIdentity = """
        SELECT * FROM archiving_accounts WHERE server = ?1 AND remote_id = ?2 AND removed_at IS NULL
        """

    /// Columns of the accounts in use, in the order they were added.
    package static func inUse(_ columns: String = "*", where condition: String = "TRUE") -> String {
        "SELECT \(columns) FROM archiving_accounts WHERE \(condition) AND removed_at IS NULL ORDER BY id"
    }

    /// The accounts in use, in the order they were added.
    package static let allInUse = inUse()
    /// The servers of the accounts in use.
    package static let servers = inUse("server")
    /// The handle of an account in use: ?1 its id.
    package static let handle = inUse("handle", where: "id = ?1")

    /// Marks rows of `table` (accounts, timelines) removed, those not removed already: ?1 now, ?2 what
    /// `column` holds in them (an id).
    package static func remove(from table: String, where column: String = "id") -> String {
        "UPDATE \(table) SET removed_at = ?1 WHERE \(column) = ?2 AND removed_at IS NULL"
    }
    /// Removes an account: ?1 now, ?2 its id.
    package static let remove = remove(from: "archiving_accounts")
    /// Unpins the timelines of a removed account: ?1 now, ?2 its id.
    package static let unpinTimelines = remove(from: "timelines", where: "account_id")
}
