import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// The paging of one timeline in one run: catch-up (with an overlap window below the newest archived
/// status), then backfill. Every page is stored with its cursor in one transaction, several pages at a
/// time (see `TimelineRun+Batching`).
struct TimelineRun {
    let timeline: PinnedTimeline
    let spec: TimelineSpec?
    /// The host (with port) of the timeline's server, parsed once: the key its statuses' ids are kept
    /// under, in every page's origin.
    let host: String
    let archive: any ArchiveStore
    let options: SyncOptions
    let logger: Logger
    let progress: @Sendable (SyncProgress) -> Void
    /// The report so far, but for the requests its pages took (`sent`; see `finalReport`).
    var report: TimelineReport
    /// The requests its pages took, each counted as sent.
    private let sent = RequestCount()
    /// Pages fetched and not yet handed to the store.
    var batch = PageBatch()
    /// The batch being stored in the background, and its store.
    var writing: (PageBatch, Task<[StoreResult], any Error>)?
    /// Set when a batch failed to store: the run stores nothing after it (see `settle`).
    var storeFailed = false

    init(
        timeline: PinnedTimeline, archive: any ArchiveStore, options: SyncOptions,
        logger: Logger, progress: @escaping @Sendable (SyncProgress) -> Void
    ) {
        self.timeline = timeline
        spec = try? TimelineSpec(parsing: timeline.spec)
        host = timeline.server.hostPart
        self.archive = archive
        self.options = options
        self.progress = progress
        var logger = logger
        logger[metadataKey: "timeline"] = "\(timeline.displayName)"
        self.logger = logger
        report = TimelineReport(
            timeline: timeline.displayName, timelineID: timeline.id, outcome: .ok, new: 0,
            updated: 0, unreadable: 0, pages: 0, requests: 0,
            backfillComplete: timeline.backfillComplete, error: nil, warnings: [], seconds: 0)
    }

    /// The report with every request sent for a page, those of a page that failed too.
    var finalReport: TimelineReport {
        var final = report
        final.requests += sent.value
        return final
    }

    mutating func fail(_ outcome: TimelineReport.Outcome, _ message: String) {
        report.outcome = outcome
        report.error = message
        // The summary prints the failure; a warning here would print it twice.
        logger.info("timeline sync \(outcome.rawValue)", metadata: ["error": "\(message)"])
    }

    /// Cursors are status ids (so they can be compared and an overlap re-read), not opaque row ids.
    private var pagesByStatusID: Bool { spec.map(Self.pagesByStatusID) ?? false }

    /// Whether a timeline's cursors are status ids (not bookmark, favourite or notification row ids).
    static func pagesByStatusID(_ spec: TimelineSpec) -> Bool {
        switch spec {
        case .bookmarks, .favourites, .mentions, .notifications, .conversations: false
        default: true
        }
    }

    /// Pages the timeline into the archive; returns once every page fetched is stored, and when it
    /// fails, stores the pages fetched before the failure first.
    mutating func sync(from source: TimelineSource) async throws {
        do {
            try await page(from: source)
            try await drain()
        } catch {
            do { try await drain() } catch let failure {
                logger.warning("pages fetched before the failure were not stored", metadata: ["error": "\(failure)"])
            }
            throw error
        }
    }

    private mutating func page(from source: TimelineSource) async throws {
        var backfillCursor = timeline.backfillCursor
        var backfillComplete = timeline.backfillComplete
        var backfillBudget = options.backfillPages
        if let newest = timeline.newestCursor {
            try await catchUp(from: newest, source: source)
        } else {
            // First run: the newest page sets both cursors.
            let first = PageCursor(limit: options.pageLimit)
            let page = try await fetch(source, first)
            if page.served == 0, let refusal = await source.disabledFeedReason() {
                throw SyncError(timeline: timeline.displayName, message: refusal, refused: true)
            }
            backfillComplete = page.served == 0
            backfillCursor = page.next ?? page.lastID
            try await store(
                page, requested: first,
                CursorUpdate(
                    newestCursor: page.previous ?? page.firstID, backfillCursor: backfillCursor,
                    backfillComplete: backfillComplete, countsAsBackfillPage: page.served > 0))
            backfillBudget -= 1
        }
        var reachedSince = false
        var pending: Task<Page<ArchivableStatus>, any Error>?
        defer { pending?.cancel() }
        var walked = CursorTrail(start: backfillCursor)
        while !backfillComplete, !reachedSince, backfillBudget > 0, let cursor = backfillCursor {
            let page: Page<ArchivableStatus>
            do {
                let fetch = pending ?? prefetch(source, PageCursor(maxID: cursor, limit: options.pageLimit))
                pending = nil
                page = try await arrival(of: fetch)
            } catch let exhausted as BudgetExhausted {
                // Nothing is lost: the backfill position is stored and the next run continues it.
                report.warnings.append("backfill paused: \(exhausted.description)")
                return
            } catch let spent as APIError where spent.isBudgetSpent {
                report.warnings.append("backfill paused: \(spent.description)")
                return
            }
            backfillBudget -= 1
            // An empty page is the end; a short page is not (servers filter after selecting), nor is a
            // page of statuses that could not be read.
            backfillComplete = page.served == 0
            backfillCursor = page.next ?? page.lastID
            if !backfillComplete, let next = backfillCursor, !walked.advance(to: next) {
                // A cursor that repeats would be walked again on every run: the backfill ends here.
                report.warnings.append(
                    "backfill stopped: the server's cursor came back to \(next), already read; "
                        + "the backfill is marked complete")
                backfillComplete = true
            }
            if let since = options.since, let oldest = Self.oldest(page), oldest < since {
                reachedSince = true
            }
            if !backfillComplete, !reachedSince, backfillBudget > 0, let next = backfillCursor {
                pending = prefetch(source, PageCursor(maxID: next, limit: options.pageLimit))
            }
            try await store(
                page, requested: PageCursor(maxID: cursor),
                CursorUpdate(
                    backfillCursor: backfillCursor, backfillComplete: backfillComplete,
                    countsAsBackfillPage: page.served > 0))
        }
    }

    /// When the oldest entry of a page was made: a notification's own date on a page of notifications (a
    /// favourite today of a post from 2019 is today's), else the oldest status's.
    static func oldest(_ page: Page<ArchivableStatus>) -> Date? {
        if !page.notifications.isEmpty { return page.notifications.compactMap(\.createdAt).min() }
        if !page.conversations.isEmpty { return page.conversations.compactMap(\.lastStatusCreatedAt).min() }
        return page.items.last?.status.createdAt
    }

    /// Pages upward with `min_id` until nothing newer comes back. Never `since_id`: it returns the
    /// newest page above the cursor and silently skips whatever lies between.
    private mutating func catchUp(from newest: String, source: TimelineSource) async throws {
        var cursor = newest
        if pagesByStatusID, options.overlap > 0,
            let overlap = try await archive.overlapCursor(
                timelineID: timeline.id, server: host,
                depth: options.overlap)
        {
            cursor = overlap
        }
        var first = true
        var pending: Task<Page<ArchivableStatus>, any Error>?
        defer { pending?.cancel() }
        var walked = CursorTrail(start: cursor)
        var pages = 0
        var trimmed = false
        while true {
            let page: Page<ArchivableStatus>
            let fetch = pending ?? prefetch(source, PageCursor(minID: cursor, limit: options.pageLimit))
            pending = nil
            page = try await arrival(of: fetch)
            guard page.served > 0 else {
                if !trimmed { try await closeGaps() }
                return
            }
            if first, cursor != newest { trimmed = try await recordTrimmedFeed(page, newest: newest) }
            first = false
            guard let top = page.previous ?? page.firstID, top != cursor else {
                throw SyncError(
                    timeline: timeline.displayName, message: "the server's cursor did not move past \(cursor)")
            }
            // An overlap page can top out below the stored newest position: never move it back.
            let stored = pagesByStatusID ? StatusID.newest(top, newest) : top
            // A short page that reaches no higher than before read everything above the cursor (one another
            // Icebox cut short of its bytes says nothing of the kind).
            let done =
                pagesByStatusID && page.served < options.pageLimit && !page.cut && !StatusID.isNewer(top, than: newest)
            pages += 1
            let stop = done ? nil : stopReason(repeated: !walked.advance(to: top), top: top, pages: pages)
            if !done, stop == nil { pending = prefetch(source, PageCursor(minID: top, limit: options.pageLimit)) }
            try await store(page, requested: PageCursor(minID: cursor), CursorUpdate(newestCursor: stored))
            if let stop { report.warnings.append(stop) }
            if done, !trimmed { try await closeGaps() }
            if done || stop != nil { return }
            cursor = top
        }
    }

    /// Why catch-up ends here although the server has more: a cursor already followed in this run
    /// (A, B, A, B…), or the run's page cap; nil to go on.
    private func stopReason(repeated: Bool, top: String, pages: Int) -> String? {
        if repeated { return "catch-up stopped: the server's cursor came back to \(top), already read in this run" }
        guard pages >= options.catchUpPages else { return nil }
        return "catch-up stopped after \(pages) pages (--catch-up-pages); the rest follows on the next run"
    }

    /// One page, within the rate budget, retrying transient failures.
    private func fetch(_ source: TimelineSource, _ cursor: PageCursor) async throws -> Page<ArchivableStatus> {
        try await fetcher(source).fetch(cursor)
    }

    /// Starts fetching a page in the background, to overlap the next request with storing this page.
    private func prefetch(_ source: TimelineSource, _ cursor: PageCursor) -> Task<Page<ArchivableStatus>, any Error> {
        let fetcher = fetcher(source)
        return Task { try await fetcher.fetch(cursor) }
    }

    private func fetcher(_ source: TimelineSource) -> PageFetcher {
        PageFetcher(
            source: source, options: options, timeline: timeline.displayName, logger: logger,
            sent: sent, progress: progress)
    }

    /// Where this timeline's pages come from, for provenance and for keeping unreadable statuses.
    func origin(_ requested: PageCursor) -> PageOrigin {
        let position = requested.maxID.map { "max_id=\($0)" } ?? requested.minID.map { "min_id=\($0)" } ?? ""
        var origin = PageOrigin(
            server: host, authority: timeline.accountHandle == nil ? .anonymous : .account,
            timelineID: timeline.id, pageCursor: position, readerVersion: IceboxVersion.string)
        origin.fence = options.fence
        return origin
    }
}

extension String {
    /// The host (with port) of a server URL string; the key under which that server's ids are kept.
    var hostPart: String {
        (try? ServerAddress(self).host) ?? self
    }
}
