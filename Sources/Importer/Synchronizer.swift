import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import MediaArchive
import Models

/// Settings of one `icebox sync` run.
public struct SyncOptions: Sendable {
    /// Backfill pages per timeline per run; backfill resumes where it stopped on the next run.
    public var backfillPages: Int = 10
    /// Items per page (Mastodon caps timelines at 40).
    public var pageLimit: Int = 40
    /// Servers synced at once; timelines of one server go one after another.
    public var serverConcurrency: Int = 4
    /// Per-request idle timeout: no byte for this long ends the request.
    public var timeout: TimeInterval = 30
    /// The longest one API request may take in all, however its server trickles (`--deadline`).
    public var requestDeadline: TimeInterval = 120
    /// Bytes per second below which an API answer is given up after its first 20 s (`--min-rate`).
    public var minimumRate: Double = 512
    /// Catch-up pages per timeline per run; a server that always has newer pages cannot hold a run.
    public var catchUpPages: Int = 250
    /// Requests of the advertised rate limit left untouched for the user's other apps.
    public var rateReserve: Int = 50
    /// The longest a run waits for a rate limit to reset before leaving the rest to the next run.
    public var maxRateWait: Duration = .seconds(900)
    /// Attempts for a request that fails transiently (5xx, timeout, dropped connection).
    public var attempts: Int = 5
    /// The first retry's delay; each further one doubles, with jitter, up to `maxBackoff`.
    public var backoff: Duration = .seconds(1)
    public var maxBackoff: Duration = .seconds(60)
    /// Statuses re-read below the newest archived one on each catch-up, so posts that federate
    /// late (with ids below ones already seen) are archived too.
    public var overlap: Int = 20
    /// Backfill no further back than this.
    public var since: Date?
    /// Edited statuses per timeline and run whose earlier versions are fetched from their server's
    /// history (one request each, within the rate budget); the rest wait for the next run.
    public var editHistoriesPerRun = 100
    /// Download the media of archived statuses after the timelines (off unless asked: `icebox sync`
    /// turns it on, `--no-media` off). Skipped media stays listed, so `icebox media fetch` can catch up.
    public var downloadMedia = false
    /// What media to keep and how to fetch it (previews, avatars, size cap, concurrency, deadline,
    /// minimum rate). Its retries and idle timeout follow the sync's own (see ``Synchronizer/fetchMedia(progress:)``).
    public var media = MediaOptions()
    /// Where media files go (default: `media/` beside the archive database).
    public var mediaDirectory: URL?
    /// This worker's name on a shared store (host, process and a random part); leases carry it.
    public var workerID = SharedSync.workerID()
    /// How long a server's lease lasts unless renewed (it is renewed every third of it while in use).
    public var leaseDuration: Duration = .seconds(120)
    /// The lease pages are written under (set per server by a shared sync).
    public var fence: LeaseFence?
    /// Fetched pages are stored together, in one transaction, once they hold this many bytes of JSON…
    public var batchBytes = 512 << 10
    /// …or once the oldest of them has waited this long, so a slow server's pages are stored promptly.
    public var batchInterval: Duration = .seconds(1)
    /// Walk each account's relations after the timelines, and ask who reacted to its own posts when the
    /// store says to (issue 44; the store's `graph` and `reactions` settings decide too).
    public var walkRelations = true

    public init() {}
}

/// Pages pinned timelines from their servers into the archive: catch up above the newest archived
/// status with `min_id` (never `since_id`, which leaves gaps), then continue the backfill with `max_id`.
/// Each page is stored with its cursor in one transaction, so an interrupted run resumes cleanly.
public struct Synchronizer: Sendable {
    let archive: any ArchiveStore
    let credentials: Credentials
    let options: SyncOptions
    let logger: Logger
    /// One rate budget per token (or anonymous client) and server, for every request of this run.
    let budgets = RateBudgets()

    public init(archive: any ArchiveStore, credentials: Credentials, options: SyncOptions, logger: Logger) {
        self.archive = archive
        self.credentials = credentials
        self.options = options
        self.logger = logger
    }

    /// Syncs the given timelines (all pinned ones when `nil`), then, when `downloadMedia` is set, the
    /// media still missing. Media failures are in the media report; they never fail a timeline.
    public func runWithMedia(
        only selected: [PinnedTimeline]? = nil,
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(ArchiveError)
        -> SyncRunReport
    {
        // First what an earlier Icebox kept unreadable and this one may read: no request needed. Whatever
        // goes wrong there is logged and never keeps the timelines from syncing.
        var recovered = RecoveryReport()
        do {
            recovered = try await UnreadableRecovery(archive: archive, logger: logger).run()
        } catch {
            logger.error("could not read the kept unreadable statuses again", metadata: ["error": "\(error)"])
        }
        let timelines = try await syncTimelines(only: selected, progress: progress)
        // The people around the posts, after the timelines: they spend what the timelines left of the
        // budget, so a big account's followers never starve them.
        let relations = await walkRelations()
        // Who reacted to the accounts' own posts (opt-in), after the walk in the same budget.
        let reactions = await askReactions()
        return SyncRunReport(
            timelines: timelines, media: options.downloadMedia ? await fetchMedia(progress: progress) : nil,
            recovered: recovered, relations: relations, reactions: reactions)
    }

    /// Asks who favourited and boosted the accounts' own posts whose counts changed (see
    /// ``RelationWalker/askReactions(accounts:)``) when the store says to (`icebox config reactions on`)
    /// and this run walks the accounts' relations; never throws.
    func askReactions() async -> [ReactionReport] {
        await walking("ask who reacted to the accounts' posts", when: { try await $0.asksReactions() }) {
            await $0.askReactions(accounts: $1)
        }
    }

    /// Walks every account's relations (see ``RelationWalker``), unless this run or the store says not
    /// to; never throws.
    func walkRelations() async -> [RelationReport] {
        await walking("walk the accounts' relations", when: { try await $0.walksRelations() }) {
            await $0.run(accounts: $1)
        }
    }

    /// What `work` gives for every account, when this run walks relations and the store's setting
    /// (`when`) says to; nothing, logged, when the store cannot say.
    private func walking<Report>(
        _ what: String, when: (any ArchiveStore) async throws -> Bool,
        _ work: (RelationWalker, [ArchivingAccount]) async -> [Report]
    ) async -> [Report] {
        do {
            guard options.walkRelations, try await when(archive) else { return [] }
            let walker = RelationWalker(
                archive: archive,
                access: AccountAccess(credentials: credentials, limits: options.requestLimits, logger: logger),
                logger: logger, budget: { budget(for: $0) })
            return await work(walker, try await archive.accounts())
        } catch {
            logger.error("could not \(what)", metadata: ["error": "\(error)"])
            return []
        }
    }

    /// Syncs the given timelines (and media, when `downloadMedia` is set); one report per timeline, in
    /// pin order.
    public func run(
        only selected: [PinnedTimeline]? = nil,
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(ArchiveError)
        -> [TimelineReport]
    {
        try await runWithMedia(only: selected, progress: progress).timelines
    }

    /// Downloads the media still missing; never throws: a media archive that cannot be used is reported.
    public func fetchMedia(progress: @escaping @Sendable (SyncProgress) -> Void) async -> MediaRunReport {
        // A sync's media retries and waits as its requests do: `--retries`, its backoff, `--timeout`.
        var media = options.media
        media.attempts = min(options.attempts, 3)
        media.backoff = options.backoff
        media.timeout = max(options.timeout, 30)
        // Beside an SQLite archive by default; a shared store's workers are given the folder they share.
        let beside = archive.file.map { IceboxHome(directory: $0.deletingLastPathComponent()).media }
        guard let directory = options.mediaDirectory ?? beside else {
            let reason = "no media folder was given for the store at \(archive.location)"
            logger.error("media archive unusable", metadata: ["error": "\(reason)"])
            return MediaRunReport(report: nil, error: reason)
        }
        do {
            let store = try MediaStore(media: directory, archive: archive, logger: logger)
            let report = try await store.fetch(media) { tick in
                progress(
                    SyncProgress(
                        timeline: "media", activity: .media(done: tick.done, total: tick.total, bytes: tick.bytes)))
            }
            return MediaRunReport(report: report, error: nil)
        } catch {
            // The summary prints the failure; an error log here would print it twice.
            logger.info("media archive unusable", metadata: ["error": "\(error)"])
            return MediaRunReport(report: nil, error: error.description)
        }
    }

    func syncTimelines(
        only selected: [PinnedTimeline]?,
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) async throws(ArchiveError)
        -> [TimelineReport]
    {
        let timelines: [PinnedTimeline]
        if let selected { timelines = selected } else { timelines = try await archive.timelines() }
        let accounts = try await archive.accounts()
        if let work = archive as? any SharedWork {
            return await SharedSync(synchronizer: self, work: work).run(
                timelines, accounts: accounts, progress: progress)
        }
        let byServer = Dictionary(grouping: timelines, by: \.server).values.sorted { $0[0].id < $1[0].id }
        var reports: [TimelineReport] = []
        await withTaskGroup(of: [TimelineReport].self) { group in
            var pending = byServer.makeIterator()
            func startNext() {
                guard let batch = pending.next() else { return }
                group.addTask {
                    // Timelines of one server go one after another; each token (or the anonymous
                    // client) has its own budget there, shared by all its timelines (see `budget(for:)`).
                    var done: [TimelineReport] = []
                    for timeline in batch {
                        done.append(await sync(timeline, accounts: accounts, progress: progress))
                        progress(SyncProgress(timeline: timeline.displayName, activity: .finished))
                    }
                    return done
                }
            }
            for _ in 0..<max(1, options.serverConcurrency) { startNext() }
            for await batch in group {
                reports += batch
                startNext()
            }
        }
        return reports.sorted { $0.timelineID < $1.timelineID }
    }

    /// The rate budget of `client`'s token (or of the anonymous client) on its server, the same for every
    /// request this run sends there.
    func budget(for client: MastodonClient) -> RateBudget {
        budgets.budget(for: client) {
            RateBudget(
                server: client.server.host, reserve: options.rateReserve, maxWait: options.maxRateWait,
                logger: logger)
        }
    }

    /// Syncs one timeline and records the outcome; never throws: failures are in the report. Every
    /// request goes through `budget`, or this run's budget of the timeline's token on its server.
    func sync(
        _ timeline: PinnedTimeline, accounts: [ArchivingAccount], budget: RateBudget? = nil,
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) async -> TimelineReport {
        let started = ContinuousClock.now
        var run = TimelineRun(
            timeline: timeline, archive: archive, options: options, logger: logger, progress: progress)
        do {
            let plain = try TimelineSource(
                timeline: timeline, accounts: accounts, credentials: credentials,
                limits: options.requestLimits, logger: logger)
            let name = timeline.displayName
            let source = plain.budgeted(by: budget ?? self.budget(for: plain.client)) { wait in
                progress(SyncProgress(timeline: name, activity: .waiting(wait)))
            }
            try await run.sync(from: source)
            try await run.fetchEditHistories(from: source)
        } catch let error as SyncError {
            run.fail(error.refused ? .refused : .failed, error.message)
        } catch let error as BudgetExhausted {
            run.fail(.failed, error.description)
        } catch let error as APIError {
            run.fail(error.requiresAuthentication ? .refused : .failed, error.description)
            if case .tokenRefused = error { run.report.tokenRefused = true }
        } catch let error as ArchiveError {
            run.fail(.failed, error.description)
        } catch {
            run.fail(.failed, "\(error)")
        }
        if run.report.outcome == .refused {
            do { try await TimelineRun.recordRefusal(of: timeline, archive: archive) } catch {
                logger.error(
                    "could not record the refused window",
                    metadata: [
                        "timeline": "\(timeline.displayName)",
                        "error": "\(error)",
                    ])
            }
        }
        let elapsed = ContinuousClock.now - started
        var report = run.finalReport
        report.seconds = elapsed.seconds
        do {
            try await archive.recordSyncResult(
                timelineID: timeline.id, result: report.outcome.rawValue, error: report.error)
            report.backfillComplete = try await archive.timeline(id: timeline.id).backfillComplete
        } catch {
            logger.error(
                "could not record the sync result",
                metadata: [
                    "timeline": "\(timeline.displayName)",
                    "error": "\(error)",
                ])
        }
        return report
    }
}
