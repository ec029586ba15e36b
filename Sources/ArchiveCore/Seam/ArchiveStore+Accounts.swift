import Foundation

/// The accounts in use, added, read and removed once over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// Adds the account, or brings back one that was removed, refreshing its profile. The account is
    /// the pair (server, remote id): a second server reporting the same handle adds a second account.
    /// What it mentioned or boosted among the posts already archived becomes the user's (`UserMarks`): a
    /// post is the user's whichever account of theirs touched it.
    @discardableResult
    public func addAccount(
        handle: String, server: String, remoteID: String, username: String,
        displayName: String, url: String?
    ) async throws(ArchiveError) -> ArchivingAccount {
        let dialect = executor.dialect
        let added = SQLStatement(
            AccountStatements.upsert, .text(handle), .text(server), .text(remoteID), .text(username),
            .text(displayName), .text(orNull: url), .text(Timestamp.now()))
        return try await executor.run(
            .statement(added) { _ in
                .fetch(
                    SQLStatement(AccountStatements.inUseByIdentity, .text(server), .text(remoteID)),
                    ArchivingAccount.init(row:)
                ) { accounts in
                    guard let account = accounts.first else {
                        throw ArchiveError.database("the account \(handle) vanished while being added")
                    }
                    return .executing(
                        [
                            SQLStatement(dialect.accountMentionMarks, .int(account.id)),
                            SQLStatement(AccountStatements.boostMarks, .int(account.id)),
                        ], giving: account)
                }
            })
    }

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
