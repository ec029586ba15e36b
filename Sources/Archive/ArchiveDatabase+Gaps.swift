import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Records a window of a timeline that could not be read, unless the same one (timeline, cause and
    /// lower bound) is open already; a missing `fromTime` is read from the archived status `fromID` names
    /// on `server`. Returns the gap's id.
    @discardableResult
    public func openGap(_ gap: TimelineGap, server: String) async throws(ArchiveError) -> Int64 {
        try await write { db in
            if let open = try Int64.fetchOne(
                db, sql: GapStatements.open(SQLiteDialect()),
                arguments: [gap.timelineID, gap.cause.rawValue, gap.fromID])
            {
                return open
            }
            let fromTime =
                try gap.fromTime
                ?? gap.fromID.flatMap { id in
                    try String.fetchOne(db, sql: GapStatements.creation, arguments: [server, id])
                }
            try db.execute(
                sql: GapStatements.insert,
                arguments: [gap.timelineID, gap.cause.rawValue, gap.fromID, gap.toID, fromTime, gap.toTime, Self.now()])
            return db.lastInsertedRowID
        }
    }

    /// The gaps of one timeline (all timelines when `nil`), open ones only unless `includingClosed`,
    /// oldest first.
    public func gaps(timelineID: Int64?, includingClosed: Bool) async throws(ArchiveError) -> [TimelineGap] {
        try await read { db in
            try Row.fetchAll(db, sql: GapStatements.list, arguments: [timelineID, includingClosed]).map {
                try $0.decoded(as: TimelineGap.self)
            }
        }
    }

    /// Marks gaps closed: a later catch-up (`by`: sync) or `watch` read through them.
    public func closeGaps(_ ids: [Int64], by closer: String) async throws(ArchiveError) {
        guard !ids.isEmpty else { return }
        try await write { db in
            try db.execute(
                sql: GapStatements.close(SQLiteDialect()),
                arguments: [Self.now(), closer, SQLArgument.ints(ids).databaseValue])
        }
    }

    /// How many statuses the timeline received per hour over the `days` days before its newest one
    /// (by their dates); nil when it holds too few to tell.
    public func entryRate(timelineID: Int64, days: Int) async throws(ArchiveError) -> Double? {
        try await read { db in
            guard let newest = try String.fetchOne(db, sql: TimelineStatusStatements.newest, arguments: [timelineID]),
                let end = Timestamp.date(newest)
            else { return nil }
            let start = Timestamp.string(end.addingTimeInterval(-Double(days) * 86_400))
            let row = try Row.fetchOne(db, sql: TimelineStatusStatements.window, arguments: [timelineID, start])
            guard let row, let count: Int = row["n"], count >= 10, let oldestText: String = row["oldest"],
                let oldest = Timestamp.date(oldestText)
            else { return nil }
            let hours = max(end.timeIntervalSince(oldest) / 3600, 1.0 / 60)
            return Double(count) / hours
        }
    }
}
