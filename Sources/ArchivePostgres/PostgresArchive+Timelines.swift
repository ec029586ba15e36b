import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    // MARK: Accounts

    public func addAccount(
        handle: String, server: String, remoteID: String, username: String,
        displayName: String, url: String?
    ) async throws(ArchiveError) -> ArchivingAccount {
        let rows = try await rows(
            PostgresDialect().statement(AccountStatements.upsert) + " RETURNING *",
            [
                .text(handle), .text(server), .text(remoteID), .text(username), .text(displayName), .text(url),
                .text(Self.now()),
            ])
        guard let row = rows.first else { throw .database("the account \(handle) vanished while being added") }
        return try decoding { try row.decoded(as: ArchivingAccount.self) }
    }

    public func account(_ identity: AccountIdentity) async throws(ArchiveError) -> ArchivingAccount? {
        let rows = try await rows(
            PostgresDialect().statement(AccountStatements.inUseByIdentity),
            [.text(identity.origin), .text(identity.remoteID)])
        return try decoding { try rows.first.map { try $0.decoded(as: ArchivingAccount.self) } }
    }

    public func accounts() async throws(ArchiveError) -> [ArchivingAccount] {
        let rows = try await rows(AccountStatements.allInUse)
        return try decoding { try rows.map { try $0.decoded(as: ArchivingAccount.self) } }
    }

    public func removeAccount(id: Int64) async throws(ArchiveError) {
        let now = Self.now()
        let logger = self.logger
        try await transaction { connection in
            let dialect = PostgresDialect()
            let removed = try await connection.rows(
                dialect.statement(AccountStatements.remove) + " RETURNING id",
                [.text(now), .int(id)], logger: logger)
            guard !removed.isEmpty else { throw ArchiveError.notFound("the account #\(id)") }
            try await connection.execute(
                dialect.statement(AccountStatements.unpinTimelines), [.text(now), .int(id)],
                logger: logger)
        }
    }

    // MARK: Timelines

    public func addTimeline(spec: String, accountID: Int64?, server: String) async throws(ArchiveError)
        -> PinnedTimeline
    {
        let logger = self.logger
        let now = Self.now()
        let dialect = PostgresDialect()
        return try await transaction { connection in
            var accountHandle: String?
            if let accountID {
                accountHandle = try await connection.rows(
                    dialect.statement(TimelineStatements.accountHandle),
                    [.int(accountID)], logger: logger
                ).first?.string("handle")
                guard accountHandle != nil else { throw ArchiveError.notFound("the account #\(accountID)") }
            }
            let existing = try await connection.rows(
                dialect.statement(TimelineStatements.existing) + " FOR UPDATE",
                [.text(spec), .int(accountID)], logger: logger
            ).first
            if let existing {
                guard try existing.optionalString("removed_at") != nil else {
                    throw ArchiveError.conflict("\(spec) is already pinned\(accountHandle.map { " for \($0)" } ?? "")")
                }
                try await connection.execute(
                    dialect.statement(TimelineStatements.restore),
                    [.text(server), .int(try existing.int64("id"))], logger: logger)
            } else {
                try await connection.execute(
                    dialect.statement(TimelineStatements.insert),
                    [.text(spec), .int(accountID), .text(server), .text(now)], logger: logger)
            }
            guard
                let row = try await connection.rows(
                    dialect.statement(TimelineStatements.bySpec),
                    [.text(spec), .int(accountID)], logger: logger
                ).first
            else { throw ArchiveError.database("the timeline \(spec) vanished while being pinned") }
            return try row.decoded(as: PinnedTimeline.self)
        }
    }

    public func timelines() async throws(ArchiveError) -> [PinnedTimeline] {
        let rows = try await rows(TimelineStatements.pinned)
        return try decoding { try rows.map { try $0.decoded(as: PinnedTimeline.self) } }
    }

    public func timelineMedia() async throws(ArchiveError) -> [TimelineMedia] {
        try await decodingRows(TimelineMedia.statement, []) { try $0.decoded(as: TimelineMedia.self) }
    }

    public func timeline(id: Int64) async throws(ArchiveError) -> PinnedTimeline {
        let rows = try await rows(PostgresDialect().statement(TimelineStatements.byID), [.int(id)])
        guard let row = rows.first else { throw .notFound("timeline \(id)") }
        return try decoding { try row.decoded(as: PinnedTimeline.self) }
    }

    public func removeTimeline(id: Int64) async throws(ArchiveError) {
        let removed = try await rows(
            PostgresDialect().statement(TimelineStatements.remove) + " RETURNING id",
            [.text(Self.now()), .int(id)])
        guard !removed.isEmpty else { throw .notFound("timeline \(id)") }
    }

    public func recordSyncResult(timelineID: Int64, result: String, error: String?) async throws(ArchiveError) {
        try await execute(
            PostgresDialect().statement(TimelineStatements.syncResult),
            [.text(Self.now()), .text(result), .text(error), .int(timelineID)])
    }

    public func updateCursor(timelineID: Int64, _ update: CursorUpdate) async throws(ArchiveError) {
        let logger = self.logger
        try await transaction { connection in try await Self.apply(update, timelineID: timelineID, connection, logger) }
    }

    static func apply(
        _ update: CursorUpdate, timelineID: Int64, _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws {
        _ = try await [sendCursorMove(update, timelineID: timelineID, connection, logger)].answers()
    }

    /// Sends a timeline's cursor move (see `apply`) without waiting for it.
    static func sendCursorMove(
        _ update: CursorUpdate, timelineID: Int64, _ connection: PostgresConnection, _ logger: Logger
    ) -> SentStatement {
        connection.send(
            PostgresDialect().statement(TimelineStatements.moveCursors),
            [
                .text(update.newestCursor), .bool(update.backfillComplete), .text(update.backfillCursor),
                .int(update.countsAsBackfillPage ? 1 : 0), .int(timelineID),
            ], logger: logger)
    }

    public func overlapCursor(timelineID: Int64, server: String, depth: Int) async throws(ArchiveError) -> String? {
        let dialect = PostgresDialect()
        let rows = try await rows(
            dialect.statement(TimelineStatements.overlapCursor(dialect)),
            [.text(server), .int(timelineID), .int(Int64(max(depth, 0)))])
        return try decoding { try rows.first?.string("local_id") }
    }

    public func countInTimeline(_ keys: [String], timelineID: Int64) async throws(ArchiveError) -> Int {
        guard !keys.isEmpty else { return 0 }
        let dialect = PostgresDialect()
        let rows = try await rows(
            dialect.statement(TimelineStatusStatements.countAmong(dialect)), [.int(timelineID), .textArray(keys)])
        return try decoding { try rows.first?.int("n") ?? 0 }
    }

    /// Decodes rows, turning a cell of an unexpected type into an archive error.
    func decoding<T>(_ body: () throws -> T) throws(ArchiveError) -> T {
        do { return try body() } catch { throw Self.translate(error) }
    }
}
