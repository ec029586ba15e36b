import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Adds the account, or brings back one that was removed, refreshing its profile. The account is
    /// the pair (server, remote id): a second server reporting the same handle adds a second account.
    @discardableResult
    public func addAccount(handle: String, server: String, remoteID: String, username: String,
                           displayName: String, url: String?) async throws(ArchiveError) -> ArchivingAccount {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO archiving_accounts(handle, server, remote_id, username, display_name, url, added_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(server, remote_id) DO UPDATE SET handle = excluded.handle,
                    username = excluded.username, display_name = excluded.display_name, url = excluded.url,
                    removed_at = NULL
                """, arguments: [handle, server, remoteID, username, displayName, url, Self.now()])
            guard let row = try Row.fetchOne(
                db, sql: "SELECT * FROM archiving_accounts WHERE server = ? AND remote_id = ?", arguments: [server, remoteID])
            else { throw ArchiveError.database("the account \(handle) vanished while being added") }
            let account = ArchivingAccount(row: row)
            try UserMarks.markForAccount(id: account.id, db)
            return account
        }
    }

    /// The account in use with this identity, if any.
    public func account(_ identity: AccountIdentity) async throws(ArchiveError) -> ArchivingAccount? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT * FROM archiving_accounts WHERE server = ? AND remote_id = ? AND removed_at IS NULL
                """, arguments: [identity.origin, identity.remoteID]).map(ArchivingAccount.init(row:))
        }
    }

    /// The accounts in use, in the order they were added.
    public func accounts() async throws(ArchiveError) -> [ArchivingAccount] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM archiving_accounts WHERE removed_at IS NULL ORDER BY id")
                .map(ArchivingAccount.init(row:))
        }
    }

    /// Removes an account and unpins its timelines. What it archived stays in the archive.
    public func removeAccount(id: Int64) async throws(ArchiveError) {
        try await write { db in
            let now = Self.now()
            try db.execute(sql: "UPDATE archiving_accounts SET removed_at = ? WHERE id = ? AND removed_at IS NULL",
                           arguments: [now, id])
            guard db.changesCount > 0 else { throw ArchiveError.notFound("the account #\(id)") }
            try db.execute(sql: "UPDATE timelines SET removed_at = ? WHERE removed_at IS NULL AND account_id = ?",
                           arguments: [now, id])
        }
    }
}
