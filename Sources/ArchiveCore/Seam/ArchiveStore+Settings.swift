/// The store's named settings, read and written once over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// A store-wide setting, nil when never set.
    public func setting(_ name: String) async throws(ArchiveError) -> String? {
        try await executor.fetchFirst(SQLStatement(SettingsStatements.value, .text(name))) { try $0.text("value") }
    }

    /// Sets a store-wide setting.
    public func setSetting(_ name: String, _ value: String) async throws(ArchiveError) {
        try await executor.execute(SQLStatement(SettingsStatements.set, .text(name), .text(value)))
    }
}
