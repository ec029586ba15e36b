import ArchiveCore
import GRDB

/// SQLite's side of the shared flows (``StatementExecutor``): reads from the pool's readers (a plan of
/// reads in one reader's snapshot), writes in one transaction of the single writer, each statement
/// prepared once per connection.
extension ArchiveDatabase: StatementExecutor {
    package var dialect: any SQLDialect { SQLiteDialect() }

    public var executor: StoreExecutor { StoreExecutor(self) }

    /// An archive opened read-only (a read-only file, or a reader such as `doctor`).
    package var isReadOnly: Bool { pool.configuration.readonly }

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

    /// The plan in a savepoint of the writer's transaction, rolled back whether it ends or fails.
    package func dryRun<Result: Sendable>(_ plan: TransactionPlan<Result>) async throws(ArchiveError) -> Result {
        try await write { db in
            var outcome = Swift.Result<Result, any Error>.failure(CancellationError())
            try db.inSavepoint {
                outcome = Swift.Result { try Self.run(plan, db) }
                return .rollback
            }
            return try outcome.get()
        }
    }

    /// Deleted content is overwritten (`secure_delete`), the full-text indexes merged without it (FTS5
    /// only records a deletion beside the old entries; merging the segments drops them), and the
    /// write-ahead log, which still holds the pages as they were, written back and emptied.
    package func erase(_ plan: TransactionPlan<Int>) async throws(ArchiveError) -> Int {
        let redacted = try await write { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            let redacted = try Self.run(plan, db)
            if redacted > 0 {
                try db.execute(sql: FullTextIndex.words.command("optimize"))
                try db.execute(sql: FullTextIndex.pieces.command("optimize"))
            }
            return redacted
        }
        guard redacted > 0 else { return 0 }
        do {
            try await pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA secure_delete = ON")
                _ = try db.checkpoint(.truncate)
            }
        } catch {
            throw .database(Self.describe(error))
        }
        return redacted
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
            case .insertMany(let insert, let next):
                plan = try next(insertMany(insert, db))
            case .storePages(let writes, let next):
                plan = try next(
                    writes.map { write in
                        try storeRows(
                            write.rows, origin: write.origin, now: write.now, evenBatches: write.evenBatches, db)
                    })
            case .writeStatus(let write, let next):
                plan = try next(writeStatus(write, db))
            case .guarding(_, let next):
                // One writer at a time, and no leases: nothing to hold.
                plan = try next()
            case .isolating(let inner, let then, let otherwise):
                var value: (any Sendable)?
                do {
                    try db.inSavepoint {
                        value = try run(inner, db)
                        return .commit
                    }
                } catch let error as DatabaseError where isolable(error) {
                    plan = try otherwise(BrokenRule(describe(error)))
                    continue
                }
                guard let value else { throw DatabaseError(message: "an isolated plan gave nothing") }
                plan = try then(value)
            }
        }
    }

    /// A plan's rows in multi-row statements (see `executeTuples`).
    private static func insertMany(_ insert: RowsInsert, _ db: Database) throws -> [Row] {
        guard let width = insert.rows.first?.count else { return [] }
        let rows = insert.rows
        return try executeTuples(
            "INSERT INTO \(insert.target) VALUES", insert.conflict.isEmpty ? "" : " " + insert.conflict,
            returning: insert.returning, width: width, count: rows.count, powersOfTwo: !insert.evenBatches, db
        ) { index, arguments in
            arguments += StatementArguments(rows[index].map(\.databaseValue))
        }
    }
}

extension SQLStatement {
    /// The arguments as GRDB binds them.
    var databaseArguments: StatementArguments {
        StatementArguments(arguments.map(\.databaseValue))
    }
}
