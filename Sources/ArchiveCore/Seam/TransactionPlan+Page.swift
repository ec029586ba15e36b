import Foundation
import Models

/// A sync's pages as plans, written once for both stores: each driver runs them in its transaction and
/// writes the statuses with its own page writer (``PageWrite``).
extension TransactionPlan where Result == [StoreResult] {
    /// Stores pages in order in the caller's transaction, each with its cursors (see
    /// ``ArchiveStore/store(_:unreadable:origin:cursor:)`` for one page's rules): what the pages need held
    /// first (``PageGuard``), the user's account hosts (which an anonymous page speaks for) read once for
    /// all of them, every page's statuses in one write, then each page's unreadable statuses, what it
    /// carries whole and its cursors.
    ///
    /// `isolatingRows`: each status in a savepoint of its own, the ones that break one of the archive's
    /// rules kept unreadable with the reason and the rest stored; the second attempt, after the pages as
    /// a whole broke one (a savepoint costs SQLite a sub-journal's writes a status, so the first attempt
    /// takes none). Its posts are locked first, all at once (``PageGuard``); each row's author is written
    /// after, with the row, where the whole write writes its authors before it locks its posts: two
    /// writers in the two orders can deadlock, and PostgreSQL then aborts one, which is run again.
    package static func storingPages(
        _ pages: [FetchedPage], now: String, isolatingRows: Bool, dialect: any SQLDialect
    ) -> Self {
        let rows = pages.map { PageRow.rows($0.statuses, server: $0.origin.server) }
        let fences = Set(pages.compactMap(\.origin.fence)).sorted { ($0.server, $0.holder) < ($1.server, $1.holder) }
        let held = PageGuard(fences: fences, uris: isolatingRows ? rows.joined().map(\.status.archiveURI) : [])
        return .guarding(held) {
            try TransactionPlan<[PageOrigin]>.speaking(pages.map(\.origin)).then { origins in
                let written: TransactionPlan<[StoreResult]> =
                    isolatingRows
                    ? try .folding(Array(zip(rows, origins)), from: []) { results, page in
                        try TransactionPlan<StoreResult>.storingIsolated(page.0, origin: page.1, now: now).map {
                            results + [$0]
                        }
                    }
                    : .storing(zip(rows, origins).map { PageWrite($0, origin: $1, now: now) }) { .done($0) }
                return try written.then { results in
                    try .folding(Array(pages.indices), from: results) { results, index in
                        try TransactionPlan<StoreResult>.finishing(
                            pages[index], origin: origins[index], now: now, stored: results[index], dialect: dialect
                        ).map { finished in
                            var results = results
                            results[index] = finished
                            return results
                        }
                    }
                }
            }
        }
    }
}

extension TransactionPlan where Result == StoreResult {
    /// After a page's rows (`stored`): its unreadable statuses, what it carries whole
    /// (``keepWhole(_:timelineID:dialect:)``) and its timeline's cursors.
    static func finishing(
        _ page: FetchedPage, origin: PageOrigin, now: String, stored: StoreResult, dialect: any SQLDialect
    ) throws -> Self {
        try TransactionPlan<Int>.keepUnreadable(page.unreadable, origin: origin, now: now).then { kept in
            var finished = stored
            finished.unreadable += kept
            let result = finished
            let cursor = origin.timelineID.flatMap { timeline in
                page.cursor.map { $0.statement(timelineID: timeline) }
            }
            return try TransactionPlan<Void>.keepWhole(page, timelineID: origin.timelineID, dialect: dialect).then {
                .executing(cursor.map { [$0] } ?? [], giving: result)
            }
        }
    }

    /// Rows each in a savepoint of its own; those that break a rule kept unreadable with the reason.
    static func storingIsolated(_ rows: [PageRow], origin: PageOrigin, now: String) throws -> Self {
        try TransactionPlan<IsolatedProgress>.folding(rows, from: IsolatedProgress()) { progress, row in
            .isolating(
                .storing(PageWrite([row], origin: origin, now: now)) { .done($0) },
                then: { .done(progress.adding($0)) },
                otherwise: { broken in
                    .done(
                        progress.failing(
                            UnreadableStatus(
                                raw: row.raw, id: row.status.id, reason: "could not be stored: \(broken.message)")))
                })
        }.then { progress in
            try TransactionPlan<Int>.keepUnreadable(progress.failed, origin: origin, now: now).map {
                var result = progress.result
                result.unreadable += $0
                return result
            }
        }
    }
}

extension TransactionPlan where Result == [PageOrigin] {
    /// The pages' origins, an anonymous read of a server one of the user's accounts is on speaking as
    /// that server (see ``PageOrigin/speaking(withAccountsOn:)``); the user's account hosts are read once,
    /// and only when a page is anonymous.
    static func speaking(_ origins: [PageOrigin]) throws -> Self {
        guard origins.contains(where: { $0.authority == .anonymous }) else { return .done(origins) }
        return try TransactionPlan<Set<String>>.accountHosts.then { hosts in
            .done(origins.map { $0.authority == .anonymous ? $0.speaking(withAccountsOn: hosts) : $0 })
        }
    }
}

/// Statuses stored one by one, each in a savepoint: what was stored, and those that broke a rule.
package struct IsolatedProgress: Sendable {
    package var result = StoreResult()
    package var failed: [UnreadableStatus] = []

    package init() {}

    func adding(_ stored: StoreResult) -> Self {
        var next = self
        next.result += stored
        return next
    }

    func failing(_ status: UnreadableStatus) -> Self {
        var next = self
        next.failed.append(status)
        return next
    }
}
