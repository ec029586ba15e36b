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
                arguments: [handle, server, remoteID, username, displayName, url, Self.now()])
            guard let row = try Row.fetchOne(db, sql: AccountStatements.inUseByIdentity, arguments: [server, remoteID])
            else { throw ArchiveError.database("the account \(handle) vanished while being added") }
            let account = try row.decoded(as: ArchivingAccount.self)
            try UserMarks.markForAccount(id: account.id, db)
            return account
        }
    }

    /// The account in use with this identity, if any.
    public func account(_ identity: AccountIdentity) async throws(ArchiveError) -> ArchivingAccount? {
        try await read { db in
            try Row.fetchOne(
                db, sql: AccountStatements.inUseByIdentity, arguments: [identity.origin, identity.remoteID]
            )
            .map { try $0.decoded(as: ArchivingAccount.self) }
        }
    }

    /// The accounts in use, in the order they were added.
    public func accounts() async throws(ArchiveError) -> [ArchivingAccount] {
        try await read { db in
            try Row.fetchAll(db, sql: AccountStatements.allInUse).map { try $0.decoded(as: ArchivingAccount.self) }
        }
    }

    /// Removes an account and unpins its timelines. What it archived stays in the archive.
    public func removeAccount(id: Int64) async throws(ArchiveError) {
        try await write { db in
            let now = Self.now()
            try db.execute(sql: AccountStatements.remove, arguments: [now, id])
            guard db.changesCount > 0 else { throw ArchiveError.notFound("the account #\(id)") }
            try db.execute(sql: AccountStatements.unpinTimelines, arguments: [now, id])
        }
    }
}
