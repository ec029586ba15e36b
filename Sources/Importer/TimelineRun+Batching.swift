import ArchiveCore
import Foundation
import MastodonAPI
import Models

/// How a run stores its pages: several at a time, in the background while the next ones are fetched.
/// A page joins the batch with its cursors, and a batch is stored in one transaction once it holds
/// `SyncOptions.batchBytes` of JSON or its oldest page has waited `SyncOptions.batchInterval`; at most
/// one batch is being stored while the next fills. A crash loses only pages not yet stored (the next
/// run fetches them again): a cursor never commits without its page.
extension TimelineRun {
    /// Queues a fetched page and the cursors it moves, storing the queue once it is due.
    mutating func store(_ page: Page<ArchivableStatus>, requested: PageCursor, _ cursor: CursorUpdate) async throws {
        var fetched = FetchedPage(
            statuses: page.items, unreadable: page.unreadable, origin: origin(requested), cursor: cursor)
        fetched.notifications = page.notifications
        fetched.conversations = page.conversations
        batch.add(fetched, served: page.served)
        if batch.isDue(bytes: options.batchBytes, after: options.batchInterval) { try await handOver() }
    }

    /// Starts storing the queued pages, once the batch handed over before is stored.
    mutating func handOver() async throws {
        guard !batch.isEmpty, !storeFailed else { return }
        try await settle()
        let pages = batch
        batch = PageBatch()
        let archive = archive
        writing = (pages, Task { try await archive.store(pages: pages.pages) })
    }

    /// Waits until the batch being stored is stored, and counts it in the report.
    mutating func settle() async throws {
        guard let stored = writing else { return }
        writing = nil
        let (pages, task) = stored
        let results: [StoreResult]
        do {
            results = try await task.value
        } catch {
            // Nothing more is stored in this run: a later batch would commit cursors past this one's
            // pages, which were not (all) kept, and leave a hole no gap records. The queued pages go:
            // their cursors never committed, so the next run fetches them again.
            storeFailed = true
            batch = PageBatch()
            throw error
        }
        for ((page, served), result) in zip(zip(pages.pages, pages.served), results) {
            count(result, of: page, served: served)
        }
        // Another Icebox's tombstones kept with the pages are redacted now when the policy says so.
        try await archive.applyDeletionPolicy(afterStoring: pages.pages.flatMap(\.statuses))
    }

    /// Stores every page fetched so far: before the run reads the archive's timeline again, and at its end.
    mutating func drain() async throws {
        try await handOver()
        try await settle()
    }

    /// The page `fetch` brings; while waiting for it, the queued pages are handed over when the oldest
    /// has waited `batchInterval`, so a slow server's pages are stored promptly all the same.
    mutating func arrival(of fetch: Task<Page<ArchivableStatus>, any Error>) async throws -> Page<ArchivableStatus> {
        if let deadline = batch.deadline(after: options.batchInterval),
            await !Self.finishes(fetch, before: deadline)
        {
            do { try await handOver() } catch {
                fetch.cancel()  // the caller's cancellation no longer reaches it
                throw error
            }
        }
        return try await withTaskCancellationHandler {
            try await fetch.value
        } onCancel: {
            fetch.cancel()
        }
    }

    /// Whether `task` ends before `deadline`; waits for whichever comes first.
    private static func finishes(
        _ task: Task<Page<ArchivableStatus>, any Error>, before deadline: ContinuousClock.Instant
    ) async -> Bool {
        let first = OneShot<Bool>()
        Task {
            _ = await task.result
            first.fulfil(true)
        }
        let timer = Task {
            try? await Task.sleep(until: deadline)
            first.fulfil(false)
        }
        defer { timer.cancel() }
        return await first.value()
    }

    /// A stored page in the report and the progress line.
    private mutating func count(_ result: StoreResult, of page: FetchedPage, served: Int) {
        if served > 0 { report.pages += 1 }
        report.new += result.new
        report.updated += result.updated
        if result.unreadable > 0 {
            report.unreadable += result.unreadable
            logger.warning(
                "statuses kept unreadable",
                metadata: [
                    "count": "\(result.unreadable)", "page": "\(page.origin.pageCursor)",
                    "first": "\(page.unreadable.first?.reason ?? "could not be stored")",
                ])
        }
        progress(SyncProgress(timeline: timeline.displayName, activity: .paged(pages: report.pages, new: report.new)))
    }
}
