import Foundation
import Models
import Transport

/// A pace per key (a host, or a host's `/media_proxy/`): at most `burst` requests at once, then one
/// every `interval` seconds — the generic cell rate algorithm, on a clock given by the caller so the
/// arithmetic can be checked without waiting.
struct PaceSchedule: Sendable {
    struct Rate: Sendable, Hashable {
        var interval: Double
        var burst: Int
    }

    private var theoretical: [String: Double] = [:]
    private var pausedUntil: [String: Double] = [:]

    /// Reserves the next slot for `key` and returns how long to wait for it (0: go now), or nil
    /// without reserving when the wait would exceed `maxWait`.
    mutating func reserve(_ key: String, rate: Rate, now: Double, maxWait: Double) -> Double? {
        let start = max(theoretical[key] ?? now, now, pausedUntil[key] ?? now)
        let allowedAt = max(start - rate.interval * Double(max(rate.burst, 1) - 1), pausedUntil[key] ?? now)
        let wait = max(0, allowedAt - now)
        guard wait <= maxWait else { return nil }
        theoretical[key] = start + rate.interval
        return wait
    }

    /// Holds every request for `key` until `until` (after a 429).
    mutating func pause(_ key: String, until: Double) {
        pausedUntil[key] = max(pausedUntil[key] ?? until, until)
    }
}

/// Paces requests to media hosts so Icebox stays under their rate limits: each host at
/// `MediaOptions.hostRate` per second, a server's `/media_proxy/` at 30 per 10 minutes (Mastodon's
/// limit for it), loopback hosts not at all.
actor HostPacer {
    private var schedule = PaceSchedule()
    private let options: MediaOptions
    private let started = ContinuousClock.now

    init(options: MediaOptions) { self.options = options }

    /// The key and rate a URL is paced by; nil for loopback hosts.
    static func pace(for url: URL, options: MediaOptions) -> (key: String, rate: PaceSchedule.Rate)? {
        let host = url.host?.lowercased() ?? ""
        guard !ServerAddress.isLoopback(host) else { return nil }
        if url.path.hasPrefix("/media_proxy/") {
            return ("\(host)/media_proxy", .init(interval: options.proxyInterval.seconds, burst: options.proxyBurst))
        }
        let rate = max(options.hostRate, 0.001)
        return (host, .init(interval: 1 / rate, burst: max(1, Int(rate.rounded(.down)))))
    }

    /// Waits for `url`'s turn; throws when that is further away than a run waits.
    func wait(for url: URL) async throws(MediaFailure) {
        guard let (key, rate) = Self.pace(for: url, options: options) else { return }
        guard let delay = schedule.reserve(key, rate: rate, now: now, maxWait: options.maxPaceWait.seconds) else {
            throw .paced("\(url.host ?? "the host") is rate-limited; the file follows on a later run")
        }
        if delay > 0 { try? await Task.sleep(for: .milliseconds(Int64(delay * 1000))) }
    }

    /// After a 429 from `url`'s host: hold its requests for `duration`.
    func pause(for url: URL, _ duration: Duration) {
        guard let (key, _) = Self.pace(for: url, options: options) else { return }
        schedule.pause(key, until: now + duration.seconds)
    }

    private var now: Double { (ContinuousClock.now - started).seconds }
}
