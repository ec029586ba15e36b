import Foundation

/// What a client's every request goes through when it has one: pages, edit histories, contexts,
/// rechecks, lists, the account's own reads, each redirect hop. One budget is shared by all the clients
/// of one token (or of the anonymous client) on one server, so the requests still in flight are counted
/// whoever sent them (see ``MastodonClient/budgeted(by:)``).
public protocol RequestBudget: Sendable {
    /// Waits until one more request may be sent and counts it as in flight; returns the date the
    /// budget refills when the wait for it would be longer than the run accepts (nothing is sent then).
    func admit() async -> Date?
    /// A request it admitted ended: `rateLimit` is its answer's `X-RateLimit-*` (nil when it had none,
    /// or no answer came; `answered` tells which).
    func settle(_ rateLimit: RateLimit?, answered: Bool) async
}

extension MastodonClient {
    /// Names the budget this client's requests belong to: its server and its token (never the token
    /// itself), or the anonymous client there. Equal keys share one budget.
    public var budgetKey: String {
        guard let token else { return "\(server.host) anonymous" }
        var hasher = Hasher()
        hasher.combine(token)
        return "\(server.host) token \(hasher.finalize())"
    }

    /// This client with every request sent through `budget`.
    public func budgeted(by budget: any RequestBudget) -> MastodonClient {
        var client = self
        client.budget = budget
        return client
    }
}
