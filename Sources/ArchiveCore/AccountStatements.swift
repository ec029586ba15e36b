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
    package static let inUseByIdentity = """
        SELECT * FROM archiving_accounts WHERE server = ?1 AND remote_id = ?2 AND removed_at IS NULL
        """

    /// The accounts in use, in the order they were added.
    package static let inUse = "SELECT * FROM archiving_accounts WHERE removed_at IS NULL ORDER BY id"

    /// Removes an account: ?1 now, ?2 its id.
    package static let remove = "UPDATE archiving_accounts SET removed_at = ?1 WHERE id = ?2 AND removed_at IS NULL"

    /// Unpins the timelines of a removed account: ?1 now, ?2 its id.
    package static let unpinTimelines = """
        UPDATE timelines SET removed_at = ?1 WHERE removed_at IS NULL AND account_id = ?2
        """
}
