import ArchiveCore
import Logging
import PostgresNIO

/// PostgreSQL's side of the shared flows (``StatementExecutor``): a read outside any transaction, a plan
/// of reads in one read-only snapshot, writes in one transaction on one connection.
extension PostgresArchive: StatementExecutor {
    package var dialect: any SQLDialect { PostgresDialect() }

    public var executor: StoreExecutor { StoreExecutor(self) }

    package func fetch<T: Sendable>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (any ColumnReading) throws -> T
    ) async throws(ArchiveError) -> [T] {
        let rows = try await rows(PostgresDialect().statement(statement.sql), statement.arguments.map(SQLValue.init))
        return try decoding { try rows.map { try decode($0) } }
    }

    package func run<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        let logger = self.logger
        return try await transaction { connection in try await connection.run(plan, logger: logger) }
    }

    /// One connection, in a read-only REPEATABLE READ transaction: every statement sees the snapshot the
    /// first one took (READ COMMITTED would give each its own). Nothing to retry: a transaction that only
    /// reads neither deadlocks nor fails to serialize at this level.
    package func read<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        let logger = self.logger
        return try await bracketed(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", end: "COMMIT") {
            connection in try await connection.run(plan, logger: logger)
        }
    }

    package func dryRun<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        let logger = self.logger
        // Rolled back at the end: a dry run sees what it would do.
        return try await bracketed(begin: "BEGIN", end: "ROLLBACK") { connection in
            try await connection.run(plan, logger: logger)
        }
    }

    /// The plan alone: PostgreSQL frees the old row versions at its next VACUUM.
    package func erase(_ plan: TransactionPlan<Int>) async throws(ArchiveError) -> Int { try await run(plan) }

    /// A PostgreSQL store is never opened for reading only.
    package var isReadOnly: Bool { false }

    /// Runs a query outside any transaction and decodes each row.
    func decodingRows<T>(
        _ sql: String, _ binds: [SQLValue] = [],
        _ decode: (PostgresRandomAccessRow) throws -> T
    ) async throws(ArchiveError) -> [T] {
        let rows = try await rows(sql, binds)
        return try decoding { try rows.map(decode) }
    }

    /// Decodes rows, turning a cell of an unexpected type into an archive error.
    func decoding<T>(_ body: () throws -> T) throws(ArchiveError) -> T {
        do { return try body() } catch { throw Self.translate(error) }
    }
}

extension PostgresConnection {
    /// Runs `plan`'s statements on this connection, in the transaction it holds.
    func run<Result>(_ plan: TransactionPlan<Result>, logger: Logger) async throws -> Result {
        let dialect = PostgresDialect()
        var plan = plan
        while true {
            switch plan.step {
            case .done(let result): return result
            case .statement(let statement, let next):
                let rows = try await self.rows(
                    dialect.statement(statement.sql), statement.arguments.map(SQLValue.init), logger: logger)
                plan = try next(rows)
            case .insertMany(let insert, let next):
                plan = try next(
                    try await PostgresArchive.insertMany(
                        self, logger, insert.target, rows: insert.rows.map { $0.map(SQLValue.init) },
                        suffix: insert.suffix))
            case .storePages(let writes, let next):
                plan = try next(try await PostgresArchive.store(writes, self, logger))
            case .writeStatus(let write, let next):
                plan = try next(try await PostgresArchive.writeStatus(write, self, logger))
            case .guarding(let held, let next):
                for fence in held.fences { try await PostgresArchive.checkFence(fence, self, logger) }
                if !held.uris.isEmpty { try await PostgresArchive.lockForPageWrite(held.uris, self, logger) }
                plan = try next()
            case .isolating(let inner, let then, let otherwise):
                try await execute("SAVEPOINT isolated_plan", logger: logger)
                let value: any Sendable
                do {
                    value = try await run(inner, logger: logger)
                    try await execute("RELEASE SAVEPOINT isolated_plan", logger: logger)
                } catch  where PostgresArchive.breaksARule(error) {
                    try await execute("ROLLBACK TO SAVEPOINT isolated_plan", logger: logger)
                    try await execute("RELEASE SAVEPOINT isolated_plan", logger: logger)
                    plan = try otherwise(BrokenRule("\(PostgresArchive.translate(error))"))
                    continue
                }
                plan = try then(value)
            }
        }
    }
}
