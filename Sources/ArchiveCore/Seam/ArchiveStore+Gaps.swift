import Foundation

/// The gap ledger (windows of a timeline that could not be read), written once over the store's
/// ``StoreExecutor``.
extension ArchiveStore {
    /// Records a window of a timeline that could not be read, unless the same one (timeline, cause and
    /// lower bound) is open already; a missing `fromTime` is read from the archived status `fromID` names
    /// on `server`. Returns the gap's id.
    @discardableResult
    public func openGap(_ gap: TimelineGap, server: String) async throws(ArchiveError) -> Int64 {
        let now = Timestamp.string(Date())
        let open = SQLStatement(
            GapStatements.open(executor.dialect), .int(gap.timelineID), .text(gap.cause.rawValue),
            .text(orNull: gap.fromID))
        let insert: @Sendable (String?) -> TransactionPlan<Int64> = { fromTime in
            .fetch(
                SQLStatement(
                    GapStatements.insert + " RETURNING id", .int(gap.timelineID), .text(gap.cause.rawValue),
                    .text(orNull: gap.fromID), .text(orNull: gap.toID), .text(orNull: fromTime),
                    .text(orNull: gap.toTime), .text(now)), { try $0.integer("id") }
            ) { .done($0.first ?? 0) }
        }
        return try await executor.run(
            .fetch(open, { try $0.integer("id") }) { opened in
                if let id = opened.first { return .done(id) }
                guard gap.fromTime == nil, let fromID = gap.fromID else { return insert(gap.fromTime) }
                return .fetch(
                    SQLStatement(GapStatements.creation, .text(server), .text(fromID)), { try $0.text("created_at") }
                ) { insert($0.first) }
            })
    }

    /// The gaps of one timeline (all timelines when `nil`), open ones only unless `includingClosed`,
    /// oldest first.
    public func gaps(timelineID: Int64?, includingClosed: Bool) async throws(ArchiveError) -> [TimelineGap] {
        try await executor.fetch(
            SQLStatement(GapStatements.list, .int(orNull: timelineID), .bool(includingClosed))
        ) { try $0.decoded(as: TimelineGap.self) }
    }

    /// Marks gaps closed: a later catch-up (`by`: sync) or `watch` read through them.
    public func closeGaps(_ ids: [Int64], by closer: String) async throws(ArchiveError) {
        guard !ids.isEmpty else { return }
        try await executor.execute(
            SQLStatement(
                GapStatements.close(executor.dialect), .text(Timestamp.string(Date())), .text(closer), .ints(ids)))
    }

    /// How many statuses the timeline received per hour over the `days` days before its newest one
    /// (by their dates); nil when it holds too few to tell. Two reads, not one snapshot: a page stored
    /// between them moves the estimate by that page, which a rate over days does not notice.
    public func entryRate(timelineID: Int64, days: Int) async throws(ArchiveError) -> Double? {
        let newest = try await executor.fetchFirst(SQLStatement(TimelineStatusStatements.newest, .int(timelineID))) {
            try $0.optionalText("newest")
        }
        guard let newest = newest ?? nil, let end = Timestamp.date(newest) else { return nil }
        let start = Timestamp.string(end.addingTimeInterval(-Double(days) * 86_400))
        let window = try await executor.fetchFirst(
            SQLStatement(TimelineStatusStatements.window, .int(timelineID), .text(start))
        ) { (try $0.integer("n"), try $0.optionalText("oldest")) }
        guard let window, window.0 >= 10, let oldestText = window.1, let oldest = Timestamp.date(oldestText)
        else { return nil }
        return Double(window.0) / max(end.timeIntervalSince(oldest) / 3600, 1.0 / 60)
    }
}
