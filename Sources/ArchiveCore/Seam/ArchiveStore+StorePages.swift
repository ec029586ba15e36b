import Foundation
import Models

/// Storing a sync's pages, written once for both stores over the executor: the plan of
/// ``TransactionPlan/storingPages(_:now:isolatingRows:dialect:)``, and the one fallback when a row breaks a rule.
extension ArchiveStore {
    /// Stores a page (see ``store(pages:)``).
    public func store(
        _ statuses: [ArchivableStatus], unreadable: [UnreadableStatus], origin: PageOrigin,
        cursor: CursorUpdate?
    ) async throws(ArchiveError) -> StoreResult {
        let page = FetchedPage(statuses: statuses, unreadable: unreadable, origin: origin, cursor: cursor)
        return try await store(pages: [page])[0]
    }

    /// Stores pages in order in one transaction, each with its cursors: one commit, and the pages' locks
    /// taken once (PostgreSQL). First every page whole, in one plain transaction (no savepoint, whose
    /// sub-journal would cost SQLite every page's writes again). When a row breaks one of the archive's
    /// rules (``ArchiveError/brokenRule(_:)``), the pages are stored again each in its own transaction:
    /// whole first, and a page that breaks a rule again row by row, each row in a savepoint, the broken
    /// rows kept unreadable with the reason. One status never costs its neighbours, and the pages beside
    /// it are not written row by row for it.
    public func store(pages: [FetchedPage]) async throws(ArchiveError) -> [StoreResult] {
        guard !pages.isEmpty else { return [] }
        do throws(ArchiveError) {
            return try await executor.run(
                .storingPages(pages, now: Timestamp.now(), isolatingRows: false, dialect: executor.dialect))
        } catch let error {
            guard case .brokenRule = error else { throw error }
            guard pages.count > 1 else { return [try await storeIsolating(pages[0])] }
            var results: [StoreResult] = []
            for page in pages {
                do throws(ArchiveError) {
                    results += try await executor.run(
                        .storingPages([page], now: Timestamp.now(), isolatingRows: false, dialect: executor.dialect))
                } catch let error {
                    guard case .brokenRule = error else { throw error }
                    results.append(try await storeIsolating(page))
                }
            }
            return results
        }
    }

    /// A page that broke a rule, stored row by row in its own transaction (see ``store(pages:)``).
    private func storeIsolating(_ page: FetchedPage) async throws(ArchiveError) -> StoreResult {
        try await executor.run(
            .storingPages([page], now: Timestamp.now(), isolatingRows: true, dialect: executor.dialect))[0]
    }
}
