import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// Stores what the streams said in small batches, each in the archive's transactions and under the
/// sync lock for the moment it takes: statuses as a sync stores a page (same dedup by uri, edits kept
/// as versions), deletions as tombstones learned by stream.
struct WatchWriter: Sendable {
    let archive: any ArchiveStore
    let timelines: [Int64: PinnedTimeline]
    let options: WatchOptions
    let logger: Logger

    /// Counts of what was stored, for the log and for tests.
    struct Totals: Sendable {
        var statuses = 0
        var new = 0
        var deletions = 0
    }

    /// Stores batches until the queue is finished and drained. Never throws: a batch that cannot be
    /// stored is logged (a catch-up reads its statuses again; a recheck finds its deletions).
    func run(_ queue: WatchQueue) async -> Totals {
        var totals = Totals()
        while let batch = await queue.take(max: options.batchSize, maxBytes: options.batchBytes) {
            do {
                try await Watcher.locked(options.lockPath) { try await write(batch, into: &totals) }
            } catch {
                logger.error(
                    "could not store streamed events", metadata: ["count": "\(batch.count)", "error": "\(error)"])
            }
            if batch.count < options.batchSize, await queue.count < options.batchSize {
                try? await Task.sleep(for: options.batchDelay)
            }
        }
        return totals
    }

    /// Writes a batch in order: runs of statuses of one timeline as one page; the batch's deletions
    /// marked together after them (one transaction, and with `deletions: redact` one merge of the index).
    private func write(_ batch: [WatchItem], into totals: inout Totals) async throws {
        var run: [WatchItem] = []
        var gone: [String: [Int64]] = [:]
        for item in batch {
            if let first = run.first, first.timelineID != item.timelineID || !isStatus(item) {
                try await store(run, into: &totals)
                run = []
            }
            switch item.kind {
            case .status: run.append(item)
            case .delete(let id):
                if let server = timelines[item.timelineID]?.server.hostPart,
                    let number = try await archive.findStatus(server: server, localID: id)
                {
                    gone[server, default: []].append(number)
                }
            }
        }
        if !run.isEmpty { try await store(run, into: &totals) }
        // Each stream's word counts for the posts its server speaks for (``DeletionAuthority``).
        for (server, numbers) in gone.sorted(by: { $0.key < $1.key }) {
            let marked = try await archive.markGone(numbers, reportedBy: server, at: Date(), via: .stream).marked
            totals.deletions += marked
            if marked > 0 { options.activity?("\(server): \(marked) deleted") }
        }
    }

    private func isStatus(_ item: WatchItem) -> Bool {
        if case .status = item.kind { return true }
        return false
    }

    private func store(_ run: [WatchItem], into totals: inout Totals) async throws {
        guard let first = run.first, let timeline = timelines[first.timelineID] else { return }
        let raws = run.compactMap { item -> Data? in
            if case .status(let raw) = item.kind { return raw }
            return nil
        }
        let host = timeline.server.hostPart
        let page = Self.decode(raws, servedBy: host)
        var cursor: CursorUpdate?
        if run.allSatisfy(\.continuous), let spec = try? TimelineSpec(parsing: timeline.spec),
            TimelineRun.pagesByStatusID(spec),
            let newest = page.items.map(\.status.id).reduce(
                nil, { (top: String?, id: String) in top.map { StatusID.newest($0, id) } ?? id })
        {
            let stored = try await archive.timeline(id: timeline.id).newestCursor
            if stored.map({ StatusID.isNewer(newest, than: $0) }) ?? true {
                cursor = CursorUpdate(newestCursor: newest)
            }
        }
        let origin = PageOrigin(
            server: host, authority: timeline.accountID == nil ? .anonymous : .account,
            timelineID: timeline.id, pageCursor: "stream", readerVersion: IceboxVersion.string)
        let result = try await archive.store(page.items, unreadable: page.unreadable, origin: origin, cursor: cursor)
        try await archive.applyDeletionPolicy(afterStoring: page.items)
        totals.statuses += raws.count
        totals.new += result.new
        if result.new + result.updated > 0 {
            options.activity?(
                "\(timeline.displayName): \(result.new) new" + (result.updated > 0 ? ", \(result.updated) edited" : ""))
        }
    }

    /// The statuses of a run as one page; an event whose data is not JSON at all does not cost its
    /// neighbours: it is kept unreadable with its bytes, as a page's broken status is.
    static func decode(_ raws: [Data], servedBy host: String) -> DecodedStatuses {
        let joined = Data("[".utf8) + Data(raws.joined(separator: Data(",".utf8))) + Data("]".utf8)
        if let page = try? ArchivableStatus.decodePage(joined, servedBy: host) { return page }
        var page = DecodedStatuses()
        for raw in raws {
            do {
                let one = try ArchivableStatus.decodePage(Data("[".utf8) + raw + Data("]".utf8), servedBy: host)
                page.items += one.items
                page.unreadable += one.unreadable
            } catch {
                page.unreadable.append(
                    UnreadableStatus(raw: raw, id: nil, reason: "a stream event that is not JSON: \(error)"))
            }
        }
        return page
    }
}
