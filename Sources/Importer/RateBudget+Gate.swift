import Foundation
import MastodonAPI
import Synchronization

extension RateBudget {
    /// This budget as a client's ``RequestBudget``: every request the client sends waits in it;
    /// `announce` hears of a wait for the reset (the live progress line of whoever asks).
    nonisolated func gate(announce: @escaping @Sendable (RateWait) -> Void = { _ in }) -> any RequestBudget {
        Gate(budget: self, announce: announce)
    }

    private struct Gate: RequestBudget {
        let budget: RateBudget
        let announce: @Sendable (RateWait) -> Void

        func admit() async -> Date? {
            do {
                try await budget.acquire(announce: announce)
                return nil
            } catch {
                return error.until
            }
        }

        func settle(_ rateLimit: RateLimit?, answered: Bool) async {
            await budget.record(rateLimit, answered: answered)
        }
    }
}

/// One ``RateBudget`` per token (or anonymous client) and server, for everything one run sends there:
/// every timeline's pages, edit histories, instance probes, rechecks.
final class RateBudgets: Sendable {
    private let budgets = Mutex<[String: RateBudget]>([:])

    /// The budget of `client`'s token on its server; `make` builds it the first time.
    func budget(for client: MastodonClient, make: () -> RateBudget) -> RateBudget {
        budgets.withLock { budgets in
            if let known = budgets[client.budgetKey] { return known }
            let made = make()
            budgets[client.budgetKey] = made
            return made
        }
    }
}
