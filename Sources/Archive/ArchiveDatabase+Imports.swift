import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// Runs an import in one write transaction: everything `body` stores through the sink is kept when
    /// it returns, and nothing when it throws (its error is rethrown as it is). An import is atomic, not
    /// resumable: a file is read again from its start, and what was already archived deduplicates by uri.
    ///
    /// `body` runs synchronously while the transaction is open (it may read a large file meanwhile: the
    /// archive stays readable, and other writers wait), with the connection's page caches of
    /// ``ImportCaches``. The sink is the one written for both stores (``PlannedImportSink``); its media
    /// and the uris it wrote are held in temporary tables of the writer's connection, made here and
    /// dropped when the import ends. Their database's journal is kept in memory: as a file it is
    /// SQLite's in-memory journal of one 1 MiB piece (`CSQLiteTuning`'s bound) spilling to a file, while
    /// in memory it holds only the pages the database had before the import (none, in a new
    /// connection), and a temporary database is never read back after a crash either way.
    public func importAtomically(
        _ source: ImportSource,
        _ body: @escaping @Sendable (any ImportSink) throws -> Void
    ) async throws {
        do {
            try await pool.write { db in
                let caches = try ImportCaches.set(db)
                defer { caches.restore(db) }
                _ = try String.fetchOne(db, sql: "PRAGMA temp.journal_mode = MEMORY")
                let tables =
                    ImportMediaStatements.create(prefix: "CREATE TEMP TABLE", suffix: "")
                    + [ImportWrittenStatements.create(prefix: "CREATE TEMP TABLE", suffix: "")]
                for sql in tables { try db.execute(sql: sql) }
                try body(PlannedImportSink(SQLiteImportTransaction(db: db), source: source, now: Timestamp.now()))
                for sql in ImportMediaStatements.drop + [ImportWrittenStatements.drop] { try db.execute(sql: sql) }
            }
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
                throw ArchiveError.damaged(path: path.path, reason: error.message ?? "SQLite error \(error.resultCode)")
            }
            throw ArchiveError.database(Self.describe(error))
        }
    }
}

/// The import's write transaction on SQLite: plans run in place on the writer's connection.
struct SQLiteImportTransaction: ImportTransaction {
    let db: Database

    var dialect: any SQLDialect { SQLiteDialect() }

    func run<Result: Sendable>(_ plan: TransactionPlan<Result>) throws -> Result {
        try ArchiveDatabase.run(plan, db)
    }
}
