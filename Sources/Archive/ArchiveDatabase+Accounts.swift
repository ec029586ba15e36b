import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Adds the account, or brings back one that was removed, refreshing its profile. The account is
    /// the pair (server, remote id): a second server reporting the same handle adds a second account.
    @discardableResult
    public func addAccount(
        handle: String, server: String, remoteID: String, username: String,
        displayName: String, url: String?
    ) async throws(ArchiveError) -> ArchivingAccount {
        try await write { db in
            try db.execute(
                sql: AccountStatements.upsert,
                arguments: [handle, server, remoteID, username, displayName, url, Timestamp.now()])
            guard let row = try Row.fetchOne(db, sql: AccountStatements.inUseByIdentity, arguments: [server, remoteID])
            else { throw ArchiveError.database("the account \(handle) vanished while being added") }
            let account = try row.decoded(as: ArchivingAccount.self)
            try UserMarks.markForAccount(id: account.id, db)
            return account
        }
    }
}
