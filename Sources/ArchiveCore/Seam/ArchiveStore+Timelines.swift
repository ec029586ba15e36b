import Foundation

/// Pinning, listing and unpinning timelines, and their cursors: written once over the store's
/// ``StoreExecutor``.
extension ArchiveStore {
    /// Pins a timeline. `accountID` (an `ArchivingAccount.id`) is `nil` for timelines read without login;
    /// one that was unpinned is pinned again, one that is pinned is a conflict.
    @discardableResult
    public func addTimeline(spec: String, accountID: Int64?, server: String) async throws(ArchiveError)
        -> PinnedTimeline
    {
        let now = Timestamp.string(Date())
        let lock = executor.dialect.rowLock
        let account = SQLArgument.int(orNull: accountID)
        let pin: @Sendable (String?) -> TransactionPlan<PinnedTimeline> = { handle in
            .fetch(
                SQLStatement(TimelineStatements.existing + lock, .text(spec), account),
                { row in (try row.integer("id"), try row.optionalText("removed_at")) }
            ) { existing in
                let write: SQLStatement
                if let row = existing.first {
                    let (id, removedAt) = row
                    guard removedAt != nil else {
                        throw ArchiveError.conflict("\(spec) is already pinned\(handle.map { " for \($0)" } ?? "")")
                    }
                    write = SQLStatement(TimelineStatements.restore, .text(server), .int(id))
                } else {
                    write = SQLStatement(TimelineStatements.insert, .text(spec), account, .text(server), .text(now))
                }
                return .statement(write) { _ in
                    .fetch(SQLStatement(TimelineStatements.bySpec, .text(spec), account), PinnedTimeline.init(row:)) {
                        guard let timeline = $0.first else {
                            throw ArchiveError.database("the timeline \(spec) vanished while being pinned")
                        }
                        return .done(timeline)
                    }
                }
            }
        }
        guard let accountID else { return try await executor.run(pin(nil)) }
        return try await executor.run(
            .fetch(SQLStatement(TimelineStatements.accountHandle, .int(accountID)), { try $0.text("handle") }) {
                guard let handle = $0.first else { throw ArchiveError.notFound("the account #\(accountID)") }
                return pin(handle)
            })
    }

    /// The pinned timelines, in the order they were added.
    public func timelines() async throws(ArchiveError) -> [PinnedTimeline] {
        try await executor.fetch(SQLStatement(TimelineStatements.pinned), PinnedTimeline.init(row:))
    }

    /// The media attachments of each timeline's statuses, and how many are stored.
    public func timelineMedia() async throws(ArchiveError) -> [TimelineMedia] {
        try await executor.fetch(SQLStatement(TimelineMedia.statement)) { try $0.decoded(as: TimelineMedia.self) }
    }

    /// One pinned timeline by id.
    public func timeline(id: Int64) async throws(ArchiveError) -> PinnedTimeline {
        guard
            let timeline = try await executor.fetchFirst(
                SQLStatement(TimelineStatements.byID, .int(id)), PinnedTimeline.init(row:))
        else { throw .notFound("timeline \(id)") }
        return timeline
    }

    /// Unpins a timeline; what it archived stays.
    public func removeTimeline(id: Int64) async throws(ArchiveError) {
        let now = Timestamp.string(Date())
        try await executor.run(
            .statement(SQLStatement(TimelineStatements.remove + " RETURNING id", .text(now), .int(id))) { removed in
                guard !removed.isEmpty else { throw ArchiveError.notFound("timeline \(id)") }
                return .done(())
            })
    }

    /// Records how the last sync of a timeline ended.
    public func recordSyncResult(timelineID: Int64, result: String, error: String?) async throws(ArchiveError) {
        try await executor.execute(
            SQLStatement(
                TimelineStatements.syncResult, .text(Timestamp.string(Date())), .text(result), .text(orNull: error),
                .int(timelineID)))
    }

    /// Moves a timeline's cursors without storing statuses (an empty page).
    public func updateCursor(timelineID: Int64, _ update: CursorUpdate) async throws(ArchiveError) {
        try await executor.execute(update.statement(timelineID: timelineID))
    }

    /// The id on `server` of the timeline's `depth`-th newest archived status (0 is the newest):
    /// where a catch-up starts so that posts which federated late are read too.
    public func overlapCursor(timelineID: Int64, server: String, depth: Int) async throws(ArchiveError) -> String? {
        try await executor.fetchFirst(
            SQLStatement(
                TimelineStatements.overlapCursor(executor.dialect), .text(server), .int(timelineID),
                .int(Int64(max(depth, 0))))
        ) { try $0.text("local_id") }
    }

    /// How many of these archive keys (uris) the timeline already holds.
    public func countInTimeline(_ keys: [String], timelineID: Int64) async throws(ArchiveError) -> Int {
        guard !keys.isEmpty else { return 0 }
        let count = try await executor.fetchFirst(
            SQLStatement(TimelineStatusStatements.countAmong(executor.dialect), .int(timelineID), .texts(keys))
        ) { try $0.integer("n") }
        return Int(count ?? 0)
    }
}

extension PinnedTimeline {
    /// The timeline in a row of ``TimelineStatements/select``.
    @Sendable package init(row: any ColumnReading) throws { self = try row.decoded(as: PinnedTimeline.self) }
}

extension CursorUpdate {
    /// The statement that moves the timeline's cursors.
    package func statement(timelineID: Int64) -> SQLStatement {
        SQLStatement(
            TimelineStatements.moveCursors, .text(orNull: newestCursor), .bool(backfillComplete),
            .text(orNull: backfillCursor), .int(countsAsBackfillPage ? 1 : 0), .int(timelineID))
    }
}
