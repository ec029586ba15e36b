import ArchiveCore
import Foundation
import PostgresNIO

/// The gap ledger on PostgreSQL, as the SQLite store keeps it.
extension PostgresArchive {
    @discardableResult
    public func openGap(_ gap: TimelineGap, server: String) async throws(ArchiveError) -> Int64 {
        let logger = self.logger
        let dialect = PostgresDialect()
        return try await transaction { connection in
            if let open = try await connection.rows(
                dialect.statement(GapStatements.open(dialect)),
                [.int(gap.timelineID), .text(gap.cause.rawValue), .text(gap.fromID)], logger: logger
            ).first {
                return try open.int64("id")
            }
            var fromTime = gap.fromTime
            if fromTime == nil, let fromID = gap.fromID {
                fromTime = try await connection.rows(
                    dialect.statement(GapStatements.creation), [.text(server), .text(fromID)], logger: logger
                ).first?.string("created_at")
            }
            let row = try await connection.rows(
                dialect.statement(GapStatements.insert) + " RETURNING id",
                [
                    .int(gap.timelineID), .text(gap.cause.rawValue), .text(gap.fromID), .text(gap.toID),
                    .text(fromTime),
                    .text(gap.toTime), .text(Self.now()),
                ], logger: logger)
            return try row.first?.int64("id") ?? 0
        }
    }

    public func gaps(timelineID: Int64?, includingClosed: Bool) async throws(ArchiveError) -> [TimelineGap] {
        try await decodingRows(
            PostgresDialect().statement(GapStatements.list), [.int(timelineID), .bool(includingClosed)]
        ) { try $0.decoded(as: TimelineGap.self) }
    }

    public func closeGaps(_ ids: [Int64], by closer: String) async throws(ArchiveError) {
        guard !ids.isEmpty else { return }
        let dialect = PostgresDialect()
        try await execute(
            dialect.statement(GapStatements.close(dialect)), [.text(Self.now()), .text(closer), .intArray(ids)])
    }

    public func entryRate(timelineID: Int64, days: Int) async throws(ArchiveError) -> Double? {
        let dialect = PostgresDialect()
        let newest =
            try await decodingRows(dialect.statement(TimelineStatusStatements.newest), [.int(timelineID)]) {
                try $0.optionalString("newest")
            }.first ?? nil
        guard let newest, let end = Timestamp.date(newest) else { return nil }
        let start = Timestamp.string(end.addingTimeInterval(-Double(days) * 86_400))
        let rows = try await decodingRows(
            dialect.statement(TimelineStatusStatements.window), [.int(timelineID), .text(start)]
        ) {
            (try $0.int("n"), try $0.optionalString("oldest"))
        }
        guard let (count, oldestText) = rows.first, count >= 10, let oldestText,
            let oldest = Timestamp.date(oldestText)
        else { return nil }
        return Double(count) / max(end.timeIntervalSince(oldest) / 3600, 1.0 / 60)
    }
}
