import Foundation
import Models

/// A sync's pages as plans, written once for both stores: each driver runs them in its transaction and
/// writes the statuses with its own page writer (``PageWrite``).
extension TransactionPlan where Result == [StoreResult] {
    /// Stores pages in order in the caller's transaction, each with its cursors (see
    /// ``ArchiveStore/store(_:unreadable:origin:cursor:)`` for one page's rules); the user's account
    /// hosts, which an anonymous page speaks for, are read once for all of them.
    ///
    /// `isolatingRows`: each status in a savepoint of its own, the ones that break one of the archive's
    /// rules kept unreadable with the reason and the rest stored; the drivers' second attempt, after the
    /// pages as a whole broke one (a savepoint a status costs SQLite a sub-journal's writes, so the first
    /// attempt takes none).
    package static func storingPages(_ pages: [FetchedPage], now: String, isolatingRows: Bool) throws -> Self {
        try TransactionPlan<StoredPages>.folding(pages, from: StoredPages()) { stored, page in
            try .speaking(page.origin, hosts: stored.hosts) { origin, hosts in
                try TransactionPlan<StoreResult>.storingPage(
                    page, rows: PageRow.rows(page.statuses, server: page.origin.server), origin: origin, now: now,
                    isolatingRows: isolatingRows
                ).map { stored.adding($0, hosts: hosts) }
            }
        }.map(\.results)
    }
}

extension TransactionPlan where Result == StoreResult {
    /// One page's rows, then its unreadable statuses, what it carries whole (``keepWhole(_:timelineID:)``)
    /// and its timeline's cursors.
    static func storingPage(
        _ page: FetchedPage, rows: [PageRow], origin: PageOrigin, now: String, isolatingRows: Bool
    ) throws -> Self {
        let stored: Self =
            isolatingRows
            ? try storingIsolated(rows, origin: origin, now: now)
            : .storing(PageWrite(rows, origin: origin, now: now)) { .done($0) }
        return try stored.then { result in
            try TransactionPlan<Int>.keepUnreadable(page.unreadable, origin: origin, now: now).then { kept in
                var stored = result
                stored.unreadable += kept
                let result = stored
                let cursor = origin.timelineID.flatMap { timeline in
                    page.cursor.map { $0.statement(timelineID: timeline) }
                }
                return try TransactionPlan<Void>.keepWhole(page, timelineID: origin.timelineID).then {
                    .executing(cursor.map { [$0] } ?? [], giving: result)
                }
            }
        }
    }

    /// Rows each in a savepoint of its own; those that break a rule kept unreadable with the reason.
    private static func storingIsolated(_ rows: [PageRow], origin: PageOrigin, now: String) throws -> Self {
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

extension TransactionPlan {
    /// The page's origin, an anonymous read of a server one of the user's accounts is on speaking as
    /// that server (see ``PageOrigin/speaking(withAccountsOn:)``), then what `next` makes of it and of the
    /// account hosts (`hosts` when already read, else read now).
    static func speaking(
        _ origin: PageOrigin, hosts: Set<String>?,
        then next: @escaping @Sendable (PageOrigin, Set<String>?) throws -> Self
    ) throws -> Self {
        guard origin.authority == .anonymous else { return try next(origin, hosts) }
        if let hosts { return try next(origin.speaking(withAccountsOn: hosts), hosts) }
        return try TransactionPlan<Set<String>>.accountHosts.then { hosts in
            try next(origin.speaking(withAccountsOn: hosts), hosts)
        }
    }
}

/// Pages stored so far in one transaction, and the user's account hosts once read.
struct StoredPages: Sendable {
    var results: [StoreResult] = []
    var hosts: Set<String>?

    func adding(_ result: StoreResult, hosts: Set<String>?) -> Self {
        Self(results: results + [result], hosts: hosts)
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
