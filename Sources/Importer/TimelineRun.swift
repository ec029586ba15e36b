import Archive
import Foundation
import Logging
import MastodonAPI
import Models

/// The paging of one timeline in one run: catch-up, then backfill.
struct TimelineRun {
    let timeline: PinnedTimeline
    let archive: ArchiveDatabase
    let options: SyncOptions
    let logger: Logger
    let progress: @Sendable (SyncProgress) -> Void
    var report: TimelineReport

    init(timeline: PinnedTimeline, archive: ArchiveDatabase, options: SyncOptions, logger: Logger,
         progress: @escaping @Sendable (SyncProgress) -> Void) {
        self.timeline = timeline
        self.archive = archive
        self.options = options
        self.progress = progress
        var logger = logger
        logger[metadataKey: "timeline"] = "\(timeline.displayName)"
        self.logger = logger
        report = TimelineReport(timeline: timeline.displayName, timelineID: timeline.id, outcome: .ok, new: 0,
                                updated: 0, pages: 0, requests: 0, backfillComplete: timeline.backfillComplete,
                                error: nil, warnings: [], seconds: 0)
    }

    mutating func fail(_ outcome: TimelineReport.Outcome, _ message: String) {
        report.outcome = outcome
        report.error = message
        logger.warning("timeline sync \(outcome.rawValue)", metadata: ["error": "\(message)"])
    }

    mutating func sync(from source: TimelineSource) async throws {
        var backfillCursor = timeline.backfillCursor
        var backfillComplete = timeline.backfillComplete
        var backfillBudget = options.backfillPages
        if let newest = timeline.newestCursor {
            try await catchUp(from: newest, source: source)
        } else {
            // First run: the newest page sets both cursors.
            let page = try await fetch(source, PageCursor(limit: options.pageLimit), phase: "first page")
            backfillComplete = page.items.isEmpty
            backfillCursor = page.next ?? page.items.last?.status.id
            try await store(page, CursorUpdate(
                newestCursor: page.previous ?? page.items.first?.status.id, backfillCursor: backfillCursor,
                backfillComplete: backfillComplete, countsAsBackfillPage: !page.items.isEmpty))
            backfillBudget -= 1
        }
        while !backfillComplete, backfillBudget > 0, let cursor = backfillCursor {
            let page = try await fetch(source, PageCursor(maxID: cursor, limit: options.pageLimit), phase: "backfill")
            backfillBudget -= 1
            // An empty page is the end; a short page is not (servers filter after selecting).
            backfillComplete = page.items.isEmpty
            backfillCursor = page.next ?? page.items.last?.status.id
            try await store(page, CursorUpdate(backfillCursor: backfillCursor, backfillComplete: backfillComplete,
                                               countsAsBackfillPage: !page.items.isEmpty))
        }
    }

    /// Pages upward with `min_id` from the newest archived position until a page comes back empty.
    private mutating func catchUp(from newest: String, source: TimelineSource) async throws {
        var cursor = newest
        while true {
            let page = try await fetch(source, PageCursor(minID: cursor, limit: options.pageLimit), phase: "catch-up")
            guard !page.items.isEmpty else { return }
            guard let next = page.previous ?? page.items.first?.status.id, next != cursor else {
                throw SyncError(timeline: timeline.displayName, message: "the server's cursor did not move past \(cursor)")
            }
            try await store(page, CursorUpdate(newestCursor: next))
            cursor = next
        }
    }

    private mutating func fetch(_ source: TimelineSource, _ cursor: PageCursor, phase: String) async throws
        -> Page<ArchivableStatus> {
        report.requests += 1
        let page: Page<ArchivableStatus>
        do {
            page = try await source.page(cursor)
        } catch {
            let position = cursor.maxID.map { "max_id=\($0)" } ?? cursor.minID.map { "min_id=\($0)" } ?? "the newest page"
            if case .malformed = error {
                throw SyncError(timeline: timeline.displayName, message: "\(error.description) (page at \(position))")
            }
            throw error
        }
        // 206: Mastodon is rebuilding the home feed and the page is incomplete (often empty). Taking it
        // as the end of the timeline would end the backfill early, so this run stops here.
        if page.httpStatus == 206 {
            throw SyncError(timeline: timeline.displayName,
                            message: "the server is still rebuilding this feed (HTTP 206); it will be read on the next run")
        }
        return page
    }

    private mutating func store(_ page: Page<ArchivableStatus>, _ cursor: CursorUpdate) async throws {
        let result = try await archive.store(page.items, server: timeline.server.hostPart, timelineID: timeline.id,
                                             cursor: cursor)
        if !page.items.isEmpty { report.pages += 1 }
        report.new += result.new
        report.updated += result.updated
        progress(SyncProgress(timeline: timeline.displayName, pages: report.pages, new: report.new, phase: "syncing"))
    }
}

extension String {
    /// The host (with port) of a server URL string; the key under which that server's ids are kept.
    var hostPart: String {
        (try? ServerAddress(self).host) ?? self
    }
}
