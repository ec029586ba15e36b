import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Pins a timeline. `accountID` (an `ArchivingAccount.id`) is `nil` for timelines read without login.
    @discardableResult
    public func addTimeline(spec: String, accountID: Int64?, server: String) async throws(ArchiveError)
        -> PinnedTimeline
    {
        try await write { db in
            var accountHandle: String?
            if let accountID {
                accountHandle = try String.fetchOne(db, sql: TimelineStatements.accountHandle, arguments: [accountID])
                guard accountHandle != nil else { throw ArchiveError.notFound("the account #\(accountID)") }
            }
            let existing = try Row.fetchOne(db, sql: TimelineStatements.existing, arguments: [spec, accountID])
            if let existing {
                guard existing["removed_at"] as String? != nil else {
                    throw ArchiveError.conflict("\(spec) is already pinned\(accountHandle.map { " for \($0)" } ?? "")")
                }
                try db.execute(sql: TimelineStatements.restore, arguments: [server, existing["id"] as Int64])
            } else {
                try db.execute(sql: TimelineStatements.insert, arguments: [spec, accountID, server, Self.now()])
            }
            guard let row = try Row.fetchOne(db, sql: TimelineStatements.bySpec, arguments: [spec, accountID])
            else { throw ArchiveError.database("the timeline \(spec) vanished while being pinned") }
            return try row.decoded(as: PinnedTimeline.self)
        }
    }

    /// The pinned timelines, in the order they were added.
    public func timelines() async throws(ArchiveError) -> [PinnedTimeline] {
        try await read { db in
            try Row.fetchAll(db, sql: TimelineStatements.pinned).map { try $0.decoded(as: PinnedTimeline.self) }
        }
    }

    public func timelineMedia() async throws(ArchiveError) -> [TimelineMedia] {
        try await read { db in
            try Row.fetchAll(db, sql: TimelineMedia.statement).map { try $0.decoded(as: TimelineMedia.self) }
        }
    }

    /// One pinned timeline by id.
    public func timeline(id: Int64) async throws(ArchiveError) -> PinnedTimeline {
        let timeline = try await read { db in
            try Row.fetchOne(db, sql: TimelineStatements.byID, arguments: [id]).map {
                try $0.decoded(as: PinnedTimeline.self)
            }
        }
        guard let timeline else { throw .notFound("timeline \(id)") }
        return timeline
    }

    /// Unpins a timeline; what it archived stays.
    public func removeTimeline(id: Int64) async throws(ArchiveError) {
        try await write { db in
            try db.execute(sql: TimelineStatements.remove, arguments: [Self.now(), id])
            guard db.changesCount > 0 else { throw ArchiveError.notFound("timeline \(id)") }
        }
    }

    /// Records how the last sync of a timeline ended.
    public func recordSyncResult(timelineID: Int64, result: String, error: String?) async throws(ArchiveError) {
        try await write { db in
            try db.execute(sql: TimelineStatements.syncResult, arguments: [Self.now(), result, error, timelineID])
        }
    }

    /// Moves a timeline's cursors without storing statuses (an empty page).
    public func updateCursor(timelineID: Int64, _ update: CursorUpdate) async throws(ArchiveError) {
        try await write { db in try Self.apply(update, timelineID: timelineID, db) }
    }

    static func apply(_ update: CursorUpdate, timelineID: Int64, _ db: Database) throws {
        try db.execute(
            sql: TimelineStatements.moveCursors,
            arguments: [
                update.newestCursor, update.backfillComplete, update.backfillCursor,
                update.countsAsBackfillPage ? 1 : 0, timelineID,
            ])
    }
}

extension ArchiveDatabase {
    /// The id on `server` of the timeline's `depth`-th newest archived status (0 is the newest):
    /// where a catch-up starts so that posts which federated late are read too.
    public func overlapCursor(timelineID: Int64, server: String, depth: Int) async throws(ArchiveError) -> String? {
        try await read { db in
            try String.fetchOne(
                db, sql: TimelineStatements.overlapCursor(SQLiteDialect()),
                arguments: [server, timelineID, max(depth, 0)])
        }
    }

    /// How many of these archive keys the timeline already holds.
    public func countInTimeline(_ keys: [String], timelineID: Int64) async throws(ArchiveError) -> Int {
        guard !keys.isEmpty else { return 0 }
        return try await read { db in
            try Int.fetchOne(
                db, sql: TimelineStatusStatements.countAmong(SQLiteDialect()),
                arguments: [timelineID, SQLArgument.texts(keys).databaseValue]) ?? 0
        }
    }
}
