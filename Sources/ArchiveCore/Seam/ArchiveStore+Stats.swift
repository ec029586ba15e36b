/// The archive's totals, written once over the store's ``StoreExecutor``.
extension ArchiveStore {
    public func stats() async throws(ArchiveError) -> ArchiveStats {
        let totals = SQLStatement(StatsStatements.totals(databaseBytes: executor.dialect.databaseBytes))
        guard let stats = try await executor.fetchFirst(totals, { try $0.decoded(as: ArchiveStats.self) }) else {
            throw .database("the store returned no totals")
        }
        return stats
    }
}
