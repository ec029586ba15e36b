import Foundation

/// Edit histories wanted, kept and given up on, written once over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// The edited statuses read from `server` whose history is still wanted, oldest wish first.
    public func wantedEditHistories(server: String, limit: Int) async throws(ArchiveError) -> [WantedEditHistory] {
        try await executor.fetch(SQLStatement(EditHistoryStatements.wanted, .text(server), .int(Int64(limit)))) {
            try $0.decoded(as: WantedEditHistory.self)
        }
    }

    /// Keeps every version of a status's history as served (each version's JSON byte for byte, in the
    /// server's order, which only grows) and marks the history fetched, in one transaction. Returns how
    /// many versions the archive did not have.
    @discardableResult
    public func storeEditHistory(_ wanted: WantedEditHistory, versions: [(createdAt: Date, raw: Data)])
        async throws(ArchiveError) -> Int
    {
        let now = Timestamp.string(Date())
        let dialect = executor.dialect
        let writes =
            versions.enumerated().flatMap { position, version in
                dialect.keepingVersion(
                    KeptVersion(
                        number: wanted.number, position: position, createdAt: Timestamp.string(version.createdAt),
                        server: wanted.server, raw: version.raw, fetchedAt: now))
            } + [SQLStatement(EditHistoryStatements.fetched, .int(wanted.number))]
        let count = versions.count
        return try await executor.run(
            .fetch(SQLStatement(EditHistoryStatements.versionCount, .int(wanted.number)), { try $0.integer("n") }) {
                known in
                .executing(writes, giving: max(0, count - Int(known.first ?? 0)))
            })
    }

    /// Gives up on a wanted history (the server has no such endpoint, or no longer the status).
    public func dropWantedEditHistory(_ wanted: [WantedEditHistory]) async throws(ArchiveError) {
        try await executor.execute(
            SQLStatement(EditHistoryStatements.drop(executor.dialect), .ints(wanted.map(\.number))))
    }

    /// Every version of a status's edit history the archive holds, oldest first, as served.
    public func editHistory(of number: Int64) async throws(ArchiveError) -> [Data] {
        try await executor.fetch(SQLStatement(EditHistoryStatements.versions(executor.dialect), .int(number))) {
            try $0.bytes("raw_json")
        }
    }
}
