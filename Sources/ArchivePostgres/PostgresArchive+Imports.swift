import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

extension PostgresArchive {
    /// Runs an import in one transaction, as the SQLite store does: everything `body` stores through the
    /// sink is kept when it returns, and nothing when it throws (its error is rethrown as it is).
    ///
    /// `body` is synchronous and reads a large file while the transaction is open, and this store is not:
    /// so `body` runs on a thread of its own (with a main thread's stack: deeply nested JSON decodes
    /// recursively), and each sink call is carried to the one connection holding the transaction and
    /// waited for there (see ``ImportBridge``). Not retried on a deadlock: `body` reads its file once.
    public func importAtomically(
        _ source: ImportSource,
        _ body: @escaping @Sendable (any ImportSink) throws -> Void
    ) async throws {
        let logger = self.logger
        let bridge = ImportBridge()
        let outcome = OneShot<Result<Void, any Error>>()
        let sink = PlannedImportSink(
            PostgresImportTransaction(bridge: bridge, logger: logger), source: source, now: Timestamp.now())
        let thread = Thread {
            let result = Result { try body(sink) }
            bridge.finish()
            outcome.fulfil(result)
        }
        thread.stackSize = 8 << 20
        let failed = OneShot<any Error>()
        do {
            // One attempt: the closure starts the body's thread, which can run only once.
            try await transaction(attempts: 1) { connection in
                // Pages being written finish first, and later ones wait for the import (see `importLock`).
                try await Self.holdImportLock(connection, logger)
                // The sink's held media and written uris (``ImportMediaStatements``), gone at the commit.
                let tables =
                    ImportMediaStatements.create(prefix: "CREATE TEMP TABLE", suffix: " ON COMMIT DROP")
                    + [ImportWrittenStatements.create(prefix: "CREATE TEMP TABLE", suffix: " ON COMMIT DROP")]
                for sql in tables { try await connection.execute(sql, logger: logger) }
                thread.start()
                for await request in bridge.requests where bridge.take(request.id) {
                    await request.run(connection)
                }
                // Cancelled, or the body returned: calls still waiting fail, and the body is waited for
                // (nothing of it runs once the transaction has ended).
                bridge.close()
                if case .failure(let error) = await outcome.value() {
                    failed.fulfil(error)
                    throw error
                }
                // A body that went on after a failed call (none does now) is not committed: the failed
                // statement may have aborted the transaction, whose COMMIT would quietly roll it back.
                if let error = bridge.failedCall { throw error }
            }
        } catch {
            // The body's own error as it is (the transaction words every error as the store's); else the
            // store's own, such as the commit's.
            let bodyFailed = !failed.fulfil(error)
            throw bodyFailed ? await failed.value() : error
        }
    }
}
