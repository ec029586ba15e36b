import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models

/// Fetches pages within the rate budget, retrying transient failures with exponential backoff and
/// jitter. Sendable, so the next page can be fetched while the current one is being stored.
struct PageFetcher: Sendable {
    let source: TimelineSource
    let options: SyncOptions
    let timeline: String
    let logger: Logger
    /// Counts each request as it is sent (retries included), whether the page then arrives or not.
    let sent: RequestCount
    /// Hears of rate-limit waits and retries, for the live progress line.
    let progress: @Sendable (SyncProgress) -> Void

    func fetch(_ cursor: PageCursor) async throws -> Page<ArchivableStatus> {
        var attempt = 1
        var tooManyRequests = 0
        var waited: Duration = .zero
        while true {
            sent.add()
            do {
                // The source's client waits in the budget before each request and reports its answer.
                let page = try await source.page(cursor)
                // 206: Mastodon is rebuilding the home feed and the page is incomplete (often empty).
                // Taking it as the end of the timeline would end the backfill early: ask again later.
                if page.httpStatus == 206 {
                    guard attempt < options.attempts, !Task.isCancelled else {
                        throw SyncError(
                            timeline: timeline,
                            message:
                                "the server is still rebuilding this feed (HTTP 206); it will be read on the next run")
                    }
                    try? await Task.sleep(for: backoff(attempt))
                    attempt += 1
                    continue
                }
                return page
            } catch let error as APIError {
                let position =
                    cursor.maxID.map { "max_id=\($0)" } ?? cursor.minID.map { "min_id=\($0)" } ?? "the newest page"
                switch error {
                case .budgetSpent:
                    // Not sent: kept for the user's other apps.
                    sent.remove()
                    throw error
                case .rateLimited(_, _, let reset):
                    guard let budget = source.budget else { throw error }
                    // Bounded, so a server that always answers 429 cannot hold a run forever.
                    // So is the time spent waiting on 429s: at most --max-rate-wait per page.
                    tooManyRequests += 1
                    guard tooManyRequests <= 20, waited < options.maxRateWait else { throw error }
                    let left = options.maxRateWait - waited
                    if let reset, reset.timeIntervalSinceNow > left.seconds { throw BudgetExhausted(until: reset) }
                    let pause = ContinuousClock.now
                    try await budget.waitAfterTooManyRequests(
                        reset, fallback: min(.seconds(60), left),
                        announce: announce)
                    waited += ContinuousClock.now - pause
                case .malformed:
                    throw SyncError(timeline: timeline, message: "\(error.description) (page at \(position))")
                default:
                    // A cancelled run (SIGTERM, a watch stopping) does not retry what its cancellation broke.
                    guard error.isTransient, attempt < options.attempts, !Task.isCancelled else { throw error }
                    let delay = backoff(attempt)
                    logger.info(
                        "retrying",
                        metadata: [
                            "error": "\(error)", "attempt": "\(attempt)",
                            "delay": "\(delay)", "page": "\(position)",
                        ])
                    progress(
                        SyncProgress(
                            timeline: timeline,
                            activity: .retrying(
                                attempt: attempt, of: options.attempts - 1, reason: error.shortReason, delay: delay)))
                    try? await Task.sleep(for: delay)
                    attempt += 1
                }
            }
        }
    }

    private func announce(_ wait: RateWait) {
        progress(SyncProgress(timeline: timeline, activity: .waiting(wait)))
    }

    /// Exponential backoff with jitter: half to all of `backoff · 2^(attempt-1)`, at most `maxBackoff`.
    private func backoff(_ attempt: Int) -> Duration {
        let ceiling = min(options.backoff.seconds * pow(2, Double(attempt - 1)), options.maxBackoff.seconds)
        return .milliseconds(Int64(ceiling * Double.random(in: 0.5...1.0) * 1000))
    }
}
