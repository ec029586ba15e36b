/// What a store's driver does for the flows written once in this module (GRDB's `Database`,
/// NetNewsWire's narrow backends): run a statement and decode its rows, run statements in one
/// transaction. Everything else a flow needs (what to read, what to decide, what to write) is the same
/// on both stores and lives beside the seam, not in a driver.
package protocol StatementExecutor: Sendable {
    /// The driver's SQL dialect, for the few fragments that differ.
    var dialect: any SQLDialect { get }
    /// The rows of `statement`, each decoded by `decode` while it is at hand; errors of the driver or of
    /// a cell of an unexpected type come back in the archive's words.
    func fetch<T: Sendable>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (any ColumnReading) throws -> T
    ) async throws(ArchiveError) -> [T]
    /// Runs `plan` in one transaction: all of its statements, or none.
    func run<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result
    /// Runs `plan` in one transaction that is rolled back at its end: what it would do (a dry run), and
    /// nothing kept.
    func dryRun<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result
    /// Runs `plan`, which removes what must leave no trace (a redaction), in one transaction; its result
    /// is how many rows it redacted. When that is not 0 the store then rids its files of the removed
    /// bytes where it keeps copies of them: SQLite overwrites them as it deletes, merges its full-text
    /// segments and empties its write-ahead log; PostgreSQL frees old row versions at its next VACUUM.
    func erase(_ plan: TransactionPlan<Int>) async throws(ArchiveError) -> Int
    /// Whether the store was opened for reading only (SQLite's readers such as `doctor`), so that a flow
    /// leaves out what is only bookkeeping.
    var isReadOnly: Bool { get }
    /// Runs `plan`, whose statements only read, on one snapshot of the store: every statement sees the
    /// same committed state (a status, its versions and its replies agree), and none waits for a writer.
    func read<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result
}

/// A store's executor, as the seam's shared flows reach it (see ``StatementExecutor``).
public struct StoreExecutor: Sendable {
    package let driver: any StatementExecutor

    package init(_ driver: any StatementExecutor) { self.driver = driver }

    /// The rows of `statement`, decoded.
    package func fetch<T: Sendable>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (any ColumnReading) throws -> T
    ) async throws(ArchiveError) -> [T] {
        try await driver.fetch(statement, decode)
    }

    /// The first row of `statement`, decoded, if there is one.
    package func fetchFirst<T: Sendable>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (any ColumnReading) throws -> T
    ) async throws(ArchiveError) -> T? {
        try await driver.fetch(statement, decode).first
    }

    /// Runs statements in one transaction.
    package func execute(_ statements: SQLStatement...) async throws(ArchiveError) {
        try await driver.run(.executing(statements))
    }

    /// Runs a plan in one transaction and gives its result.
    package func run<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        try await driver.run(plan)
    }

    /// Runs a plan in one transaction that is rolled back at its end, and gives its result.
    package func dryRun<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        try await driver.dryRun(plan)
    }

    /// Runs a redaction's plan and rids the store's files of what it removed (see
    /// ``StatementExecutor/erase(_:)``); how many rows it redacted.
    package func erase(_ plan: TransactionPlan<Int>) async throws(ArchiveError) -> Int {
        try await driver.erase(plan)
    }

    /// Whether the store was opened for reading only.
    package var isReadOnly: Bool { driver.isReadOnly }

    /// Runs a plan of reads on one snapshot and gives its result (see ``StatementExecutor/read(_:)``).
    package func read<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        try await driver.read(plan)
    }

    /// The driver's dialect.
    package var dialect: any SQLDialect { driver.dialect }
}
