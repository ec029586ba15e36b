import Foundation
import Importer
import Models

/// Turns a sync's progress ticks into one live line per timeline: how far it got, and what it is
/// waiting for (a rate limit, a retry) in words.
final class SyncProgressView: @unchecked Sendable {
    private let board: ProgressBoard
    private let lock = NSLock()
    private var counts: [String: (pages: Int, new: Int)] = [:]

    init(board: ProgressBoard = .shared) { self.board = board }

    func show(_ tick: SyncProgress) {
        let name = tick.timeline
        let text: String? = lock.withLock {
            switch tick.activity {
            case .paged(let pages, let new):
                counts[name] = (pages, new)
                return "\(name): \(sofar(name))"
            case .waiting(let wait):
                return "\(name): \(sofar(name)) — \(Self.describe(wait))"
            case .retrying(let attempt, let of, let reason, let delay):
                return "\(name): \(sofar(name)) — \(reason), retry \(attempt) of \(of) in \(Self.words(delay.seconds))"
            case .media(let done, let total, let bytes):
                return "media: \(done) of \(Plural.of(total, "file")), \(ByteSize.text(bytes))"
            case .finished:
                counts[name] = nil
                return nil
            }
        }
        board.set(name, text)
    }

    private func sofar(_ name: String) -> String {
        guard let count = counts[name] else { return "starting" }
        return "\(Plural.of(count.pages, "page")), \(count.new) new"
    }

    /// "waiting 4 min for the rate limit of mastodon.social (12 requests left, kept for other apps)".
    static func describe(_ wait: RateWait) -> String {
        let time = words(max(wait.until.timeIntervalSinceNow, 0))
        if wait.tooManyRequests {
            return "waiting \(time): \(wait.server) answered 429 Too Many Requests"
        }
        let left = wait.remaining.map { " (\(Plural.of($0, "request")) left, kept for other apps)" } ?? ""
        return "waiting \(time) for the rate limit of \(wait.server)\(left)"
    }

    /// "40 s", "4 min", "1 h 5 min" (rounded up, so a wait is never announced shorter than it is).
    static func words(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(max(whole, 1)) s" }
        let minutes = (whole + 59) / 60
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
