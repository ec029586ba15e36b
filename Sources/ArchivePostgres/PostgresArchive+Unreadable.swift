import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

extension PostgresArchive {
    /// Keeps statuses that could not be read, inside the caller's transaction (see the SQLite store's
    /// `keepUnreadable`): once per server and id (else per SHA-256 of the bytes), newest bytes winning.
    static func keepUnreadable(
        _ statuses: [UnreadableStatus], origin: PageOrigin, _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> Int {
        var kept = 0
        let now = now()
        let dialect = PostgresDialect()
        for status in statuses {
            let key = status.keptKey
            let known = try await !connection.rows(
                dialect.statement(UnreadableStatements.known),
                [.text(origin.server), .text(key)], logger: logger
            ).isEmpty
            try await connection.execute(
                dialect.statement(UnreadableStatements.keep),
                [
                    .text(origin.server), .text(key), .text(status.id), .int(origin.timelineID),
                    .text(origin.pageCursor),
                    .text(status.reason), .bytes(status.raw), .text(origin.readerVersion), .text(now),
                ], logger: logger)
            if !known { kept += 1 }
        }
        return kept
    }

    public func archiveKept(
        _ kept: KeptUnreadable, as status: ArchivableStatus,
        authority: CopyAuthority
    ) async throws(ArchiveError) -> (number: Int64, result: StoreResult) {
        let (rows, origin) = kept.page(readAs: status, authority: authority)
        let logger = self.logger
        return try await transaction { connection in
            let now = Self.now()
            var result = StoreResult()
            for row in rows { result += try await Self.upsert(row, origin: origin, now: now, connection, logger) }
            let dialect = PostgresDialect()
            let number =
                try await connection.rows(
                    dialect.statement(UnreadableStatements.statusByURI),
                    [.text(status.status.archiveURI)], logger: logger
                ).first?.int64("id") ?? 0
            try await connection.execute(
                dialect.statement(UnreadableStatements.archived),
                [.text(now), .int(number), .int(kept.id)], logger: logger)
            return (number, result)
        }
    }
}
