import Foundation
import Models

/// Statuses kept unreadable, listed and noted again, and a timeline's recent dates: written once over
/// the store's ``StoreExecutor``.
extension ArchiveStore {
    /// Statuses kept unreadable and not archived since, oldest first; only those an Icebox other than
    /// `readerVersion` failed on when it is given (the same Icebox would fail the same way again).
    public func pendingUnreadable(notReadBy readerVersion: String?) async throws(ArchiveError) -> [KeptUnreadable] {
        try await executor.fetch(SQLStatement(UnreadableStatements.pending, .text(orNull: readerVersion))) {
            try $0.decoded(as: KeptUnreadable.self)
        }
    }

    /// Every status kept unreadable, archived since or not, oldest first.
    public func unreadableStatuses() async throws(ArchiveError) -> [KeptUnreadable] {
        try await executor.fetch(SQLStatement(UnreadableStatements.all)) { try $0.decoded(as: KeptUnreadable.self) }
    }

    /// Records again why a kept status still cannot be read, and by which Icebox.
    public func recordStillUnreadable(_ id: Int64, reason: String, readerVersion: String) async throws(ArchiveError) {
        try await executor.execute(
            SQLStatement(UnreadableStatements.stillUnreadable, .text(reason), .text(readerVersion), .int(id)))
    }

    /// The `created_at` of the newest `limit` statuses of a timeline, newest first: how fast it fills.
    public func recentCreationDates(timelineID: Int64, limit: Int) async throws(ArchiveError) -> [Date] {
        try await executor.fetch(
            SQLStatement(TimelineStatusStatements.recentCreationDates, .int(timelineID), .int(Int64(limit)))
        ) { try $0.text("created_at") }.compactMap(Timestamp.date)
    }
}

extension ArchiveStore {
    /// Archives a kept status that can now be read, from its stored bytes, with the page store's rules,
    /// and marks the kept row as archived (the row stays), in one transaction. Returns the archive's
    /// number for the status.
    public func archiveKept(
        _ kept: KeptUnreadable, as status: ArchivableStatus, authority: CopyAuthority
    ) async throws(ArchiveError) -> (number: Int64, result: StoreResult) {
        let (rows, origin) = kept.page(readAs: status, authority: authority)
        let now = Timestamp.string(Date())
        return try await executor.run(
            .storing(PageWrite(rows, origin: origin, now: now)) { result in
                .fetch(
                    SQLStatement(UnreadableStatements.statusByURI, .text(status.status.archiveURI)),
                    { try $0.integer("id") }
                ) { numbers in
                    let number = numbers.first ?? 0
                    return .executing(
                        [SQLStatement(UnreadableStatements.archived, .text(now), .int(number), .int(kept.id))],
                        giving: (number, result))
                }
            })
    }
}
