import Foundation
import Models

extension TransactionPlan where Result == Void {
    /// Keeps what a page carries whole besides its statuses, in the transaction of the page's statuses and
    /// cursors (a crash between them would leave a gap): the files another Icebox offers for its media
    /// and the deletions it kept (``SQLStatement/tombstones(_:)``), and, for the account of timeline
    /// `timelineID` (none outside a timeline), that its server is another Icebox when the page says so,
    /// its notifications (as `dialect`'s store keeps them) and its conversations.
    package static func keepWhole(_ page: FetchedPage, timelineID: Int64?, dialect: any SQLDialect) -> Self {
        let now = SQLArgument.text(Timestamp.string(Date()))
        // Another Icebox's word (its files, its tombstones) counts only on a page read with the user's
        // token: any server an anonymous reader reaches could send the member.
        let mirrored = page.origin.authority == .account ? page.statuses : []
        let offers =
            SQLStatement.keeping(mirrored.flatMap(\.mirroredMedia), offeredBy: page.origin.server, now: now)
            + SQLStatement.tombstones(mirrored)
        guard let timelineID else { return .executing(offers) }
        let mirror =
            page.statuses.contains(where: \.servedByMirror)
            ? [SQLStatement(DeletionStatements.seenMirror, .int(timelineID), now)] : []
        return .executing(
            offers + mirror
                + SQLStatement.keeping(page.notifications, timelineID: timelineID, now: now, dialect: dialect)
                + SQLStatement.keeping(page.conversations, timelineID: timelineID, now: now))
    }
}

extension SQLStatement {
    /// The statements that mark gone the posts another Icebox served as deleted (`statuses` of a page read
    /// with one of the user's accounts: the user chose that archive, whose tombstones record its posts'
    /// servers' word).
    static func tombstones(_ statuses: [ArchivableStatus]) -> [SQLStatement] {
        statuses.flatMap(\.mirroredTombstones).map {
            SQLStatement(
                DeletionStatements.markGone("uri = ?3"), .text(Timestamp.string($0.goneAt)),
                .text(DeletionSource.mirror.rawValue), .text($0.key))
        }
    }
}
