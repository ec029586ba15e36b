import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models

/// The request budget one token (or one anonymous client) has on one server, as the server
/// advertises it in `X-RateLimit-*`. The user's other apps share it, so Icebox stops short of it:
/// when only `reserve` requests are left it waits for the reset instead of spending them.
actor RateBudget {
    /// The server's host, for what a wait says.
    let server: String
    private let reserve: Int
    private let maxWait: Duration
    private let logger: Logger
    private var limit: Int?
    private var remaining: Int?
    private var reset: Date?
    /// Where what this budget sees is kept for other workers (a shared store), after every response.
    private let keep: (@Sendable (SavedBudget) async -> Void)?

    /// `saved` is what the last worker on a shared store saw (used while its window has not reset);
    /// `keep` hears every change, so a worker that dies leaves the budget current.
    init(
        server: String, reserve: Int, maxWait: Duration, logger: Logger, saved: SavedBudget? = nil,
        keep: (@Sendable (SavedBudget) async -> Void)? = nil
    ) {
        self.server = server
        self.reserve = reserve
        self.maxWait = maxWait
        self.logger = logger
        self.keep = keep
        if let saved, let reset = saved.reset, reset > Date() {
            limit = saved.limit
            remaining = saved.remaining
            self.reset = reset
        }
    }

    /// What this budget knows now.
    var snapshot: SavedBudget { SavedBudget(limit: limit, remaining: remaining, reset: reset) }

    /// Waits, if the advertised budget is down to the reserve, until the server's reset time.
    /// Throws when that is further away than `maxWait` (the rest waits for the next run). `announce`
    /// hears of a wait before it starts.
    func acquire(announce: @Sendable (RateWait) -> Void = { _ in }) async throws(BudgetExhausted) {
        // A server with a small limit still leaves Icebox half of it.
        let kept = min(reserve, (limit ?? Int.max) / 2)
        guard let remaining, remaining <= kept, let reset else { return }
        try await wait(
            RateWait(server: server, until: reset, remaining: remaining, tooManyRequests: false),
            reason: "\(remaining) requests left, keeping \(kept) for other apps", announce: announce)
        self.remaining = nil
    }

    /// Reads the budget from a response's headers.
    func record(_ limit: RateLimit?) async {
        guard let limit else { return }
        self.limit = limit.limit
        remaining = limit.remaining
        reset = limit.reset
        await keep?(snapshot)
    }

    /// After a 429: waits for the reset the server advertised (or `fallback` when it gave none).
    func waitAfterTooManyRequests(
        _ reset: Date?, fallback: Duration,
        announce: @Sendable (RateWait) -> Void = { _ in }
    ) async throws(BudgetExhausted) {
        let until = reset ?? Date().addingTimeInterval(fallback.seconds)
        try await wait(
            RateWait(server: server, until: until, remaining: nil, tooManyRequests: true),
            reason: "the server answered 429", announce: announce)
        remaining = nil
    }

    private func wait(_ pause: RateWait, reason: String, announce: @Sendable (RateWait) -> Void)
        async throws(BudgetExhausted)
    {
        let date = pause.until
        // A reset in the past (clock skew, a stale header) is not a reason to sleep long: a short
        // pause lets the server's window roll over.
        let seconds = max(date.timeIntervalSinceNow, 0) + 0.05
        guard seconds <= maxWait.seconds else { throw BudgetExhausted(until: date) }
        logger.info(
            "waiting for the rate limit to reset",
            metadata: [
                "seconds": "\(String(format: "%.1f", seconds))",
                "reason": "\(reason)",
            ])
        announce(pause)
        let duration = Duration.milliseconds(Int64(seconds * 1000))
        try? await Task.sleep(for: duration)
    }
}

/// The budget would refill only after the longest wait a run accepts.
struct BudgetExhausted: Error, CustomStringConvertible {
    var until: Date
    var description: String {
        "rate limit reached; the server's budget refills at \(ISO8601DateFormatter().string(from: until)), "
            + "the rest follows on the next run"
    }
}
