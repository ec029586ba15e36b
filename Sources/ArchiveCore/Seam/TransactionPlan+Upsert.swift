import Foundation
import Models

/// A status the page writer stores on its own (a copy of one the store holds, a status repeated in its
/// page, every status of a page whose new rows cannot go together), written once for both stores: read
/// what is held, decide (``CopyAuthority``), then write. Only the row itself goes to the driver
/// (``StatusWrite``): its keys, how its raw JSON is kept and its marks are the store's own.
extension TransactionPlan where Result == StoreResult {
    /// Inserts a status, or updates it when a newer edit or a more authoritative copy arrived (see
    /// ``CopyAuthority``), or keeps the copy beside the stored one; records its id on the server, its
    /// timeline, its author's profile when the row writes it, and that its edit history is wanted when it
    /// was edited.
    package static func upserting(_ row: PageRow, origin: PageOrigin, now: String, _ dialect: any SQLDialect)
        -> Self
    {
        let status = row.status
        let authority = row.authority(from: origin)
        let write = StatusWrite(row, origin: origin, now: now)
        // What follows the row: its id on the server, timeline, wanted history, author (see `recording`).
        let recorded: @Sendable (Int64, Bool, Bool) throws -> TransactionPlan<Int> = { id, wroteRow, isNew in
            try .recording(id, row, origin: origin, now: now, wroteRow: wroteRow, isNew: isNew, dialect)
        }
        let held = SQLStatement(LookupStatements.held + dialect.engine.rowLock, .text(status.archiveURI))
        return .fetch(held, HeldCopy.init) { held in
            guard let held = held.first else {
                return .writing(write) { id in
                    // Another worker stored the same post (from another server) a moment ago: a copy.
                    guard let id else { return upserting(row, origin: origin, now: now, dialect) }
                    return try TransactionPlan<Void>.writingMedia(of: id, status, isNew: true).then {
                        try recorded(id, true, true).map { _ in StoreResult(new: 1) }
                    }
                }
            }
            let decision = CopyAuthority.decide(
                incoming: authority, incomingEdit: status.editedAt, incomingContent: status.content,
                stored: held.authority, storedEdit: held.editedAt, storedContent: held.content, now: Date())
            switch decision {
            case .replaceAsEdit, .replaceFromBetterSource:
                let kept =
                    decision == .replaceAsEdit
                    ? PageStoreStatements.keepVersion(dialect) : PageStoreStatements.keepStoredCopy(dialect)
                var replacing = write
                replacing.replacing = held.id
                return .statement(SQLStatement(kept, .text(now), .int(held.id))) { [replacing] _ in
                    .writing(replacing) { _ in
                        try TransactionPlan<Void>.writingMedia(of: held.id, status).then {
                            try recorded(held.id, true, false).map { StoreResult(updated: 1, newToTimeline: $0) }
                        }
                    }
                }
            case .keepAsCopy:
                let copy = SQLStatement(
                    PageStoreStatements.keepCopy, .int(held.id), .text(origin.server), .int(Int64(authority.rawValue)),
                    .text(status.editedAt.map(Timestamp.string) ?? ""), .bytes(row.raw), .text(now))
                return .statement(copy) { _ in
                    try recorded(held.id, false, false).map { StoreResult(newToTimeline: $0) }
                }
            case .none:
                return try recorded(held.id, false, false).map { StoreResult(newToTimeline: $0) }
            }
        }
    }
}

extension TransactionPlan where Result == Int {
    /// Records a status stored or seen again as `statusID`: its id on the server, its timeline (gives 1
    /// when it is new to the timeline and not `isNew`), that its edit history is wanted (`wroteRow`: the
    /// row was written from this copy), its author's profile (see ``AuthorStatements``) and the version it
    /// is (see ``AuthorVersionStatements``). `recorded`: its id on the server and its timeline are recorded
    /// already (a page writer's multi-row statements for the new rows of a page).
    package static func recording(
        _ statusID: Int64, _ row: PageRow, origin: PageOrigin, now: String, wroteRow: Bool, isNew: Bool,
        recorded: Bool = false, _ dialect: any SQLDialect
    ) throws -> Self {
        let status = row.status
        var serverID: [SQLStatement] = []
        if origin.recordsServerIDs, !recorded {
            serverID.append(
                SQLStatement(
                    PageStoreStatements.serverID, arguments: PageStoreStatements.serverIDRow(status, statusID, origin)))
        }
        let wanted =
            (wroteRow ? EditHistoryStatements.wantRow(status, statusID, origin, now: now) : nil).map {
                [SQLStatement(EditHistoryStatements.want, arguments: $0)]
            } ?? []
        // The author's row and version as every page writer writes them: rows under their conflict rule,
        // in the driver's batches.
        let author = row.writesAuthor ? row.authorRows(from: origin, now: now) : nil
        let rest = TransactionPlan<Void>.executing(
            wanted,
            then: author.map { author in
                .inserting(
                    RowsInsert(
                        into: AuthorStatements.target, rows: [author.profile],
                        conflict: AuthorStatements.onConflict(dialect))
                ) { _ in
                    .inserting(
                        RowsInsert(
                            into: AuthorVersionStatements.target, rows: [author.version],
                            conflict: AuthorVersionStatements.onConflict)
                    ) { _ in .done(()) }
                }
            } ?? .done(()))
        // In the order the page writers always took: the server id, the timeline, then the rest.
        guard let timelineID = origin.timelineID, !recorded else {
            return .executing(serverID, then: rest.map { _ in 0 })
        }
        let timeline = SQLStatement(
            TimelineStatusStatements.recordReturning,
            arguments: TimelineStatusStatements.row(timelineID, statusID, now: now))
        return .executing(
            serverID,
            then: .statement(timeline) { added in
                let newToTimeline = !isNew && !added.isEmpty ? 1 : 0
                return rest.map { _ in newToTimeline }
            })
    }
}

extension StoreResult {
    /// A status's part of a page's result.
    fileprivate init(new: Int = 0, updated: Int = 0, newToTimeline: Int = 0) {
        self.init()
        self.new = new
        self.updated = updated
        self.newToTimeline = newToTimeline
    }
}

/// A status's row for the driver to write (see ``TransactionPlan/writing(_:then:)``): a new row, or the
/// row numbered `replacing` rewritten from this copy, with the marks the copy carries by itself.
package struct StatusWrite: Sendable {
    package var row: PageRow
    package var origin: PageOrigin
    package var now: String
    /// The row this copy replaces, or `nil` for a new one.
    package var replacing: Int64?

    package init(_ row: PageRow, origin: PageOrigin, now: String, replacing: Int64? = nil) {
        self.row = row
        self.origin = origin
        self.now = now
        self.replacing = replacing
    }

    /// The row's columns as the store writes them.
    package var columns: StatusRow { row.columns(from: origin) }
}
