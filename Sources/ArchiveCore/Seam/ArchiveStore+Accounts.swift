import Foundation

/// The accounts in use, read and removed once over the store's ``StoreExecutor`` (adding one differs:
/// SQLite keeps the user's marks by account, see `UserMarks`).
extension ArchiveStore {
    /// The account in use with this identity, if any.
    public func account(_ identity: AccountIdentity) async throws(ArchiveError) -> ArchivingAccount? {
        try await executor.fetchFirst(
            SQLStatement(AccountStatements.inUseByIdentity, .text(identity.origin), .text(identity.remoteID)),
            ArchivingAccount.init(row:))
    }

    /// The accounts in use, in the order they were added.
    public func accounts() async throws(ArchiveError) -> [ArchivingAccount] {
        try await executor.fetch(SQLStatement(AccountStatements.allInUse), ArchivingAccount.init(row:))
    }

    /// Removes an account and unpins its timelines. What it archived stays in the archive.
    public func removeAccount(id: Int64) async throws(ArchiveError) {
        let now = SQLArgument.text(Timestamp.string(Date()))
        try await executor.run(
            .statement(SQLStatement(AccountStatements.remove + " RETURNING id", now, .int(id))) { removed in
                guard !removed.isEmpty else { throw ArchiveError.notFound("the account #\(id)") }
                return .executing([SQLStatement(AccountStatements.unpinTimelines, now, .int(id))])
            })
    }
}

extension ArchivingAccount {
    /// The account in a row of ``AccountStatements/inUse(_:where:)``.
    @Sendable package init(row: any ColumnReading) throws { self = try row.decoded(as: ArchivingAccount.self) }
}
