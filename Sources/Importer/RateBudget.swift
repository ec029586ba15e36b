import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models

/// The request budget one token (or one anonymous client) has on one server, as the server
/// advertises it in `X-RateLimit-*`. The user's other apps share it, so Icebox stops short of it:
/// when only `reserve` requests are left it waits for the reset instead of spending them.
///
/// Requests still in flight count against it: a request is admitted only while what the server last
/// said is left, less those sent and not yet answered, stays above the reserve. Before the first answer
/// of a window tells the budget, one request at a time goes.
actor RateBudget {
    /// The server's host, for what a wait says.
    let server: String
    private let reserve: Int
    private let maxWait: Duration
    private let logger: Logger
    private var limit: Int?
    private var remaining: Int?
    private var reset: Date?
    /// Requests admitted and not yet answered (or failed).
    private var inFlight = 0
    /// The server answered without `X-RateLimit-*`: it advertises no budget to keep within.
    private var unadvertised = false
    /// Callers waiting for an answer in flight to tell them more.
    private var waiting: [CheckedContinuation<Void, Never>] = []
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

    /// Whether the next request would wait for the server's reset: work that may go on next time (the
    /// relation walk) leaves the rest of the window to the timelines and the user's other apps.
    var isDown: Bool {
        guard let remaining, let reset, reset > Date() else { return false }
        return remaining - inFlight <= min(reserve, (limit ?? Int.max) / 2)
    }

    /// Waits until one more request may be sent and counts it as in flight: while answers in flight
    /// may tell more, for them; when the budget is down to the reserve, until the server's reset time.
    /// Throws when that is further away than `maxWait` (the rest waits for the next run). `announce`
    /// hears of a wait for the reset before it starts.
    func acquire(announce: @Sendable (RateWait) -> Void = { _ in }) async throws(BudgetExhausted) {
        while true {
            guard let remaining else {
                if inFlight == 0 || unadvertised { break }
                await nextAnswer()
                continue
            }
            // A server with a small limit still leaves Icebox half of it.
            let kept = min(reserve, (limit ?? Int.max) / 2)
            if remaining - inFlight > kept { break }
            if inFlight > 0 {
                await nextAnswer()
                continue
            }
            // A server that names no reset time gives nothing to wait for.
            guard let reset else { break }
            try await wait(
                RateWait(server: server, until: reset, remaining: remaining, tooManyRequests: false),
                reason: "\(remaining) requests left, keeping \(kept) for other apps", announce: announce)
            if self.reset == reset { self.remaining = nil }
        }
        inFlight += 1
    }

    /// A request admitted by ``acquire(announce:)`` ended: `limit` is what its answer's headers said
    /// (nil when they said nothing or no answer came; `answered` tells which).
    func record(_ limit: RateLimit?, answered: Bool = true) async {
        inFlight = max(inFlight - 1, 0)
        if let limit {
            unadvertised = false
            // Answers can arrive out of order: within one window the lowest count left is the true one.
            if let remaining, let reset, reset == limit.reset {
                self.remaining = min(remaining, limit.remaining)
            } else {
                remaining = limit.remaining
            }
            self.limit = limit.limit
            reset = limit.reset
        } else if let remaining {
            // The server may have counted it all the same.
            self.remaining = remaining - 1
        } else if answered {
            unadvertised = true
        }
        let woken = waiting
        waiting = []
        for caller in woken { caller.resume() }
        if limit != nil { await keep?(snapshot) }
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

    private func nextAnswer() async {
        await withCheckedContinuation { waiting.append($0) }
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
