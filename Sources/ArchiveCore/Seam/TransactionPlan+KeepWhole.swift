import Foundation
import Models

extension TransactionPlan where Result == Void {
    /// Keeps what a page carries whole besides its statuses, in the transaction of the page's statuses and
    /// cursors (a crash between them would leave a gap): the files another Icebox offers for its media
    /// and the deletions it kept (``SQLStatement/tombstones(_:)``), and, for the account of timeline
    /// `timelineID` (none outside a timeline), that its server is another Icebox when the page says so,
    /// its notifications and its conversations.
    package static func keepWhole(_ page: FetchedPage, timelineID: Int64?) -> Self {
        let now = SQLArgument.text(Timestamp.string(Date()))
        let offers =
            SQLStatement.keeping(page.statuses.flatMap(\.mirroredMedia), offeredBy: page.origin.server, now: now)
            + SQLStatement.tombstones(page)
        guard let timelineID else { return .executing(offers) }
        let mirror =
            page.statuses.contains(where: \.servedByMirror)
            ? [SQLStatement(DeletionStatements.seenMirror, .int(timelineID), now)] : []
        return .executing(
            offers + mirror + SQLStatement.keeping(page.notifications, timelineID: timelineID, now: now)
                + SQLStatement.keeping(page.conversations, timelineID: timelineID, now: now))
    }
}

extension SQLStatement {
    /// The statements that mark gone the posts another Icebox served as deleted, when the page was read
    /// with one of the user's accounts: the user chose that archive, whose tombstones record its posts'
    /// servers' word. A page read without an account (any server could send the member) marks nothing.
    static func tombstones(_ page: FetchedPage) -> [SQLStatement] {
        guard page.origin.authority == .account else { return [] }
        return page.statuses.flatMap(\.mirroredTombstones).map {
            SQLStatement(DeletionStatements.markMirroredGone, .text(Timestamp.string($0.goneAt)), .text($0.key))
        }
    }
}
