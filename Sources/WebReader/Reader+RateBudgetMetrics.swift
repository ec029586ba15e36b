import ArchiveCore
import Foundation
import Prometheus

extension Reader {
    /// The rate budget each server last advertised to the workers of a shared store (PostgreSQL keeps
    /// it, `SharedWork`), per server and account: requests left, the window's size and when it resets.
    /// A window already reset counts as whole again, as the next worker will start it. A store one sync
    /// uses at a time (SQLite) keeps no budget between runs, and reports none.
    func rateBudgetMetrics(_ registry: PrometheusCollectorRegistry, now: Date = Date()) async throws {
        guard let work = store as? any SharedWork else { return }
        let budgets = try await work.savedBudgets()
        guard !budgets.isEmpty else { return }
        var handles: [String: String] = [:]
        for account in try await store.accounts() { handles["\(account.id)"] = account.handle }
        for kept in budgets {
            let labels = [("server", kept.server), ("account", handles[kept.client] ?? kept.client)]
            let budget = kept.budget
            let windowOver = budget.reset.map { $0 <= now } ?? false
            let remaining = windowOver ? budget.limit ?? budget.remaining : budget.remaining
            let samples: [(String, String, Double?)] = [
                (
                    "icebox_rate_budget_remaining",
                    "Requests the server allows before its window resets (the whole limit once it reset).",
                    remaining.map(Double.init)
                ),
                ("icebox_rate_budget_limit", "Requests the server allows per window.", budget.limit.map(Double.init)),
                (
                    "icebox_rate_budget_reset_timestamp_seconds", "When the server's window resets (Unix time).",
                    budget.reset?.timeIntervalSince1970
                ),
            ]
            for (name, help, value) in samples {
                guard let value else { continue }
                registry.makeGauge(descriptor: Self.metric(name, help), labels: labels).set(value)
            }
        }
    }
}
