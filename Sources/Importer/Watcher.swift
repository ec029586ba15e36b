import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// `icebox watch`: follows the streaming API of every pinned timeline that has a stream, and polls the
/// others, until cancelled.
///
/// On every (re)connection the stream is opened first and a REST catch-up from the stored cursor runs
/// while its events wait, so the pages and the stream meet with nothing between them. Events go through
/// a bounded buffer (``WatchQueue``) to one writer (``WatchWriter``) that stores them in small batches.
/// A stream that ends, breaks its bounds, stays silent past the idle timeout or overflows the buffer is
/// reconnected with exponential backoff and jitter (and caught up again); the waits reset only once a
/// stream has stayed healthy for `healthyAfter`, so a stream that keeps dying costs fewer and fewer opens
/// and catch-ups. A server without streaming, refusing it, or advertising a streaming origin its token
/// may not go to (``StreamingOrigin``), is polled every `pollInterval`. The sync lock is held only per
/// write batch and per catch-up, so a cron `sync` on the same archive waits moments, never hours. A
/// timeline whose server refuses its account's token is given up (said through ``WatchOptions/tokenRefused``)
/// while the others go on: asking again with that token cannot succeed until the user authorizes anew.
public struct Watcher: Sendable {
    let synchronizer: Synchronizer
    let options: WatchOptions

    public init(synchronizer: Synchronizer, options: WatchOptions) {
        self.synchronizer = synchronizer
        self.options = options
    }

    private var archive: any ArchiveStore { synchronizer.archive }
    private var logger: Logger { synchronizer.logger }

    /// Watches until the task is cancelled (SIGTERM, SIGINT), or until every timeline was given up for a
    /// refused token, then stores what is still buffered. Returns what it stored and how many timelines it
    /// gave up.
    public func run() async throws(ArchiveError) -> WatchTotals {
        let timelines = try await archive.timelines()
        let accounts = try await archive.accounts()
        let queue = WatchQueue(capacity: options.maxPending, maxBytes: options.maxPendingBytes)
        let writer = WatchWriter(
            archive: archive, timelines: Dictionary(timelines.map { ($0.id, $0) }) { a, _ in a },
            options: options, logger: logger)
        // Not a child task: cancelling the watch must not cut a batch short; it ends when the queue does.
        let writing = Task { await writer.run(queue) }
        let caughtUp = CatchUpCount()
        let refused = await withTaskGroup(of: Bool.self) { group in
            for timeline in timelines {
                group.addTask { await follow(timeline, accounts: accounts, queue: queue, caughtUp: caughtUp) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        await queue.finish()
        let totals = await writing.value
        // What came by REST catch-ups counts too: a post archived that way is archived all the same.
        return WatchTotals(
            statuses: totals.statuses + (await caughtUp.statuses), deletions: totals.deletions,
            tokenRefused: refused)
    }

    /// Statuses the REST catch-ups stored, across timelines.
    actor CatchUpCount {
        private(set) var statuses = 0
        func add(_ count: Int) { statuses += count }
    }

    /// Says what the watch is doing to whoever asked (``WatchOptions/activity``).
    private func say(_ pinned: PinnedTimeline, _ text: String) {
        options.activity?("\(pinned.displayName): \(text)")
    }

    /// Runs `body` holding the archive's sync lock (no lock on a shared store).
    static func locked<T: Sendable>(_ path: URL?, _ body: () async throws -> T) async throws -> T {
        guard let path else { return try await body() }
        let lock = try await SyncLock(path: path, wait: true, purpose: "watch")
        defer { withExtendedLifetime(lock) {} }
        return try await body()
    }

    /// Follows one timeline until cancelled, or until its server refuses the token (then true).
    private func follow(
        _ pinned: PinnedTimeline, accounts: [ArchivingAccount], queue: WatchQueue,
        caughtUp: CatchUpCount
    ) async -> Bool {
        var log = logger
        log[metadataKey: "timeline"] = "\(pinned.displayName)"
        let spec = try? TimelineSpec(parsing: pinned.spec)
        let endpoint = spec.flatMap(StreamRoute.endpoint(for:))
        let source: TimelineSource
        do {
            let plain = try TimelineSource(
                timeline: pinned, accounts: accounts, credentials: synchronizer.credentials,
                limits: synchronizer.options.requestLimits, logger: logger)
            // Its probes draw on the budget the catch-ups of the same token use (the stream itself does not).
            source = plain.budgeted(by: synchronizer.budget(for: plain.client)) { _ in }
        } catch {
            log.error("cannot watch", metadata: ["error": "\(error.message)"])
            return false
        }
        let client = source.client
        var failures = 0
        // Polling is said once a timeline (then only at debug level): a poll every few minutes is no news.
        var pollingSaid = false
        func polling(_ why: String, _ metadata: Logger.Metadata) {
            log.log(level: pollingSaid ? .debug : .info, "\(why); polling", metadata: metadata)
            if !pollingSaid { say(pinned, "\(why); polled every \(options.pollInterval.seconds.formatted()) s") }
            pollingSaid = true
        }
        // One poll: a catch-up by REST, then a pause; the server's words when it refused the token.
        func poll(_ why: String, _ metadata: Logger.Metadata) async -> String? {
            polling(why, metadata)
            if case .tokenRefused(let reason) = await catchUp(pinned, accounts: accounts, log: log, into: caughtUp) {
                return reason
            }
            await pause(options.pollInterval)
            return nil
        }
        while !Task.isCancelled {
            // When the stream's events began to count, once its catch-up was through.
            var healthySince: ContinuousClock.Instant?
            // Why the stream ended, to say so.
            var lost: String?
            // Whether a stream was open: an error before that is no stream ending (the instance could not
            // be asked, say), and is not logged as one.
            var opened = false
            guard let endpoint else {
                if let refused = await poll("the timeline has no stream", ["every": "\(options.pollInterval)"]) {
                    return givenUp(pinned, refused, log)
                }
                continue
            }
            do {
                let origin: ServerAddress
                switch try await client.streamingOrigin() {
                case .success(let advertised): origin = advertised
                case .failure(let refused):
                    let metadata: Logger.Metadata = ["why": "\(refused)", "every": "\(options.pollInterval)"]
                    if let refused = await poll("the token stays with its server", metadata) {
                        return givenUp(pinned, refused, log)
                    }
                    continue
                case nil:
                    if let refused = await poll(
                        "the server advertises no streaming", ["every": "\(options.pollInterval)"])
                    {
                        return givenUp(pinned, refused, log)
                    }
                    continue
                }
                let stream = try await client.openStream(
                    endpoint, origin: origin, idleTimeout: options.idleTimeout,
                    maxPendingBytes: options.streamBufferBytes)
                defer { stream.close() }
                opened = true
                log.info("streaming", metadata: ["origin": "\(origin)"])
                say(pinned, "streaming from \(origin)")
                // The feed's newest entry as the stream opened: everything after it comes by the stream.
                let head = try? await source.page(PageCursor(limit: 1)).firstID
                // Until the pages reach the stream, its events may not move the cursor: reconnect instead.
                switch await catchUp(pinned, accounts: accounts, log: log, into: caughtUp) {
                case .through: break
                case .unfinished: throw CatchUpUnfinished()
                case .tokenRefused(let reason): return givenUp(pinned, reason, log)
                }
                await closeCoveredGaps(pinned, streamOpenedAt: head, log: log)
                healthySince = .now
                for try await event in stream.events {
                    guard let item = StreamRoute.item(event, timelineID: pinned.id, mentions: spec == .mentions) else {
                        continue
                    }
                    guard await queue.push(item) else { throw EventStreamError.overflow(limit: queue.maxBytes) }
                }
            } catch let error as EventStreamError where error.isRefusal {
                // A stream refused for the token is told apart by the catch-up, which asks with the same token.
                if let refused = await poll("the server refuses the stream", ["error": "\(error)"]) {
                    return givenUp(pinned, refused, log)
                }
                continue
            } catch let error as APIError where error.isTokenRefusal {
                return givenUp(pinned, error.description, log)
            } catch {
                if Task.isCancelled { return false }
                log.info(
                    opened ? "stream ended; reconnecting" : "could not open the stream; trying again",
                    metadata: ["error": "\(error)"])
                lost = "\(error)"
            }
            if Task.isCancelled { return false }
            // Only a stream that stayed up a while earns a quick reconnection; one that died within
            // seconds of opening (or never got through its catch-up) is one more failure.
            if let healthySince, ContinuousClock.now - healthySince >= options.healthyAfter { failures = 0 }
            failures += 1
            let wait = backoff(failures)
            if let lost {
                say(pinned, "lost the stream (\(lost)); reconnecting in \(max(1, Int(wait.seconds.rounded()))) s")
            }
            await pause(wait)
        }
        return false
    }

    /// Gives the timeline up: its server refused the account's token, and asking again with it cannot
    /// succeed until the user authorizes Icebox anew (`reason` says how). True, for ``run()``'s count.
    private func givenUp(_ pinned: PinnedTimeline, _ reason: String, _ log: Logger) -> Bool {
        log.info("token refused; no longer watched", metadata: ["error": "\(reason)"])
        options.tokenRefused?("\(pinned.displayName): no longer watched — FAILED: \(reason)")
        return true
    }

    /// How a catch-up by REST went.
    enum CatchUp {
        /// It read everything above the stored cursor.
        case through
        /// It failed or stopped short (a page cap): the stream is reopened after a pause.
        case unfinished
        /// The server refused the account's token: what it said, with the remedy.
        case tokenRefused(String)
    }

    /// The REST catch-up of a connection failed or stopped short: the stream is reopened after a pause.
    struct CatchUpUnfinished: Error, CustomStringConvertible {
        var description: String { "the catch-up by REST did not finish" }
    }

    /// Catches the timeline up by REST from its stored cursor, under the sync lock, as `sync` does.
    private func catchUp(
        _ pinned: PinnedTimeline, accounts: [ArchivingAccount], log: Logger,
        into count: CatchUpCount
    ) async -> CatchUp {
        do {
            let report = try await Self.locked(options.lockPath) { () async throws -> TimelineReport in
                let current = try await archive.timeline(id: pinned.id)
                return await synchronizer.sync(current, accounts: accounts, progress: { _ in })
            }
            if report.outcome != .ok {
                log.info("catch-up did not finish", metadata: ["error": "\(report.error ?? "")"])
            }
            await count.add(report.new)
            if report.new > 0 { say(pinned, "\(report.new) new (caught up by REST)") }
            if report.tokenRefused { return .tokenRefused(report.error ?? "the server refused the access token") }
            // A catch-up cut at its page cap is not through either.
            let through = report.outcome == .ok && !report.warnings.contains { $0.hasPrefix("catch-up stopped") }
            return through ? .through : .unfinished
        } catch {
            if !Task.isCancelled { log.error("catch-up failed", metadata: ["error": "\(error)"]) }
            return .unfinished
        }
    }

    /// A trimmed window the catch-up just found is no gap when the stream opened with nothing newer than
    /// its lower bound in the feed: whatever fell out of the feed since came by the stream.
    private func closeCoveredGaps(_ pinned: PinnedTimeline, streamOpenedAt head: String?, log: Logger) async {
        guard let head else { return }
        do {
            let covered = try await archive.gaps(timelineID: pinned.id, includingClosed: false).filter { gap in
                gap.cause == .trimmed && gap.fromID.map { !StatusID.isNewer(head, than: $0) } == true
            }
            try await archive.closeGaps(covered.map(\.id), by: "watch")
        } catch {
            if !Task.isCancelled {
                log.error("could not close the gaps the stream covered", metadata: ["error": "\(error)"])
            }
        }
    }

    private func pause(_ duration: Duration) async {
        try? await Task.sleep(for: duration)
    }

    /// Exponential backoff with jitter: half to all of `minBackoff · 2^(failures-1)`, at most `maxBackoff`.
    private func backoff(_ failures: Int) -> Duration {
        let ceiling = min(options.minBackoff.seconds * pow(2, Double(max(failures - 1, 0))), options.maxBackoff.seconds)
        return .milliseconds(Int64(ceiling * Double.random(in: 0.5...1.0) * 1000))
    }
}
