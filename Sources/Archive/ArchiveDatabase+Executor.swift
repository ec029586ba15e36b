import ArchiveCore
import GRDB

/// SQLite's side of the shared flows (``StatementExecutor``): reads from the pool's readers (a plan of
/// reads in one reader's snapshot), writes in one transaction of the single writer, each statement
/// prepared once per connection.
extension ArchiveDatabase: StatementExecutor {
    package var dialect: any SQLDialect { SQLiteDialect() }

    public var executor: StoreExecutor { StoreExecutor(self) }

    package func fetch<T: Sendable>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (any ColumnReading) throws -> T
    ) async throws(ArchiveError) -> [T] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: statement.sql), arguments: statement.databaseArguments)
                .map { try decode($0) }
        }
    }

    package func run<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        try await write { db in try Self.run(plan, db) }
    }

    package func read<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        try await read { db in try Self.run(plan, db) }
    }

    /// Runs `plan`'s statements on `db`, in whatever transaction or snapshot the caller holds: the
    /// executor's, or a flow of this store's own that reads through a shared plan.
    static func run<Result>(_ plan: TransactionPlan<Result>, _ db: Database) throws -> Result {
        var plan = plan
        while true {
            switch plan.step {
            case .done(let result): return result
            case .statement(let statement, let next):
                plan = try next(
                    Row.fetchAll(db.cachedStatement(sql: statement.sql), arguments: statement.databaseArguments))
            }
        }
    }
}

extension SQLStatement {
    /// The arguments as GRDB binds them.
    var databaseArguments: StatementArguments {
        StatementArguments(arguments.map(\.databaseValue))
    }
}
