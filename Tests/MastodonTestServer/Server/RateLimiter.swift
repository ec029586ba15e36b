import Foundation

/// Fixed-window request budgets keyed by token or client address.
struct RateLimiter: Sendable {
    struct Verdict: Sendable {
        let limit: Int
        let remaining: Int
        let reset: Date
        let allowed: Bool

        /// `X-RateLimit-*` headers; the reset time has 6 fractional digits, like Mastodon's.
        var headers: [(String, String)] {
            [
                ("X-RateLimit-Limit", String(limit)), ("X-RateLimit-Remaining", String(remaining)),
                ("X-RateLimit-Reset", Timestamp.iso8601(reset, fractionDigits: 6)),
            ]
        }
    }

    var config: RateLimit
    private var windows: [String: (start: Date, used: Int)] = [:]

    init(_ config: RateLimit) { self.config = config }

    /// Counts one request for `key` at `now`.
    mutating func consume(_ key: String, now: Date) -> Verdict {
        var window = windows[key] ?? (now, 0)
        if now >= window.start.addingTimeInterval(config.window) { window = (now, 0) }
        let allowed = window.used < config.limit
        if allowed { window.used += 1 }
        windows[key] = window
        return Verdict(
            limit: config.limit, remaining: max(config.limit - window.used, 0),
            reset: window.start.addingTimeInterval(config.window), allowed: allowed)
    }

    /// Forgets all counted requests.
    mutating func reset() { windows = [:] }
}
