import ArchiveCore
import Logging
import PostgresNIO

/// The import's transaction on PostgreSQL (see ``PostgresArchive/importAtomically(_:_:)``): each plan of
/// the sink written for both stores (``PlannedImportSink``) is carried by the bridge to the connection
/// that holds the transaction, and run there.
struct PostgresImportTransaction: ImportTransaction, Sendable {
    let bridge: ImportBridge
    let logger: Logger

    var dialect: any SQLDialect { PostgresDialect() }

    func run<Result: Sendable>(_ plan: TransactionPlan<Result>) throws -> Result {
        let logger = self.logger
        return try bridge.call { connection in try await connection.run(plan, logger: logger) }
    }
}
