import ArchiveCore
import Foundation
import Logging
import PostgresNIO

/// A sync's batch of pages in one transaction, as the SQLite store stores it: one commit instead of one
/// per page, the locks of all of them taken once and in the global order (see `lockInOrder`), and the
/// pages of one origin written together, a few statements for the batch instead of a dozen per page.
extension PostgresArchive {
    /// Stores pages in order in one transaction, each with its cursors (see
    /// `store(_:unreadable:origin:cursor:)` for one page's rules). When a row breaks a rule, the pages are
    /// stored again each on its own, where the broken rows are kept unreadable beside the good ones.
    public func store(pages: [FetchedPage]) async throws(ArchiveError) -> [StoreResult] {
        guard pages.count > 1 else {
            guard let page = pages.first else { return [] }
            return [try await storePage(page)]
        }
        let logger = self.logger
        do {
            return try await transaction { connection in try await Self.storeTogether(pages, connection, logger) }
        } catch  where Self.isolable(error) {
            var results: [StoreResult] = []
            for page in pages { results.append(try await storePage(page)) }
            return results
        }
    }

    private static func storeTogether(
        _ pages: [FetchedPage], _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [StoreResult] {
        let now = Timestamp.now()
        let fences = Set(pages.compactMap(\.origin.fence)).sorted { ($0.server, $0.holder) < ($1.server, $1.holder) }
        for fence in fences { try await checkFence(fence, connection, logger) }
        var hosts: Set<String>?  // the user's account hosts, read once for the transaction's pages
        var origins: [PageOrigin] = []
        for page in pages {
            guard page.origin.authority == .anonymous else {
                origins.append(page.origin)
                continue
            }
            if hosts == nil { hosts = try await run(.accountHosts, connection, logger) }
            origins.append(page.origin.speaking(withAccountsOn: hosts ?? []))
        }
        let locked = try await lockInOrder(
            zip(pages, origins).map { (PageRow.rows($0.statuses, server: $1.server), $1) }, now: now,
            connection, logger)
        // Consecutive pages that differ only in the request they answered go together.
        var results: [StoreResult] = []
        var start = 0
        while start < pages.count {
            var end = start + 1
            while end < pages.count, sameWriter(origins[end], origins[start]) { end += 1 }
            results += try await storeLocked(
                Array(locked[start..<end]), origin: origins[start], now: now, connection, logger)
            start = end
        }
        // Each page's unreadable rows, notifications and conversations, then its cursors, as `TransactionPlan.storingPages` does; the cursor
        // moves are not waited for one by one (the connection runs them in the order sent), but together at
        // the end.
        var moves: [SentStatement] = []
        do {
            for index in pages.indices {
                results[index].unreadable += try await run(
                    .keepUnreadable(pages[index].unreadable, origin: origins[index], now: now), connection, logger)
                try await run(.keepWhole(pages[index], timelineID: origins[index].timelineID), connection, logger)
                guard let timelineID = origins[index].timelineID else { continue }
                if let cursor = pages[index].cursor {
                    moves.append(sendCursorMove(cursor, timelineID: timelineID, connection, logger))
                }
            }
        } catch {
            throw await moves.abandon(after: error)
        }
        _ = try await moves.answers()
        return results
    }

    /// Whether two pages' statuses are written alike: the same origin but for the request each answered
    /// (which only their unreadable statuses keep).
    private static func sameWriter(_ one: PageOrigin, _ other: PageOrigin) -> Bool {
        var one = one
        one.pageCursor = other.pageCursor
        return one == other
    }
}
