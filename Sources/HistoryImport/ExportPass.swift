import ArchiveCore
import Foundation
import MediaFiles
import Models

/// The second pass over a Mastodon export, inside the import's transaction: media files, outbox.json,
/// likes.json and bookmarks.json, in the container's order.
struct ExportPass: Sendable {
    let container: ExportContainer
    let survey: ExportSurvey
    let mapper: ActivityMapper
    let media: MediaLayout
    let limits: MastodonExportImport.Limits
    let batchSize: Int
    /// How many walks store the media (`nil`: chosen, see ``mediaWalks(mediaBytes:outboxBytes:processors:)``).
    let mediaWalks: Int?
    let ledger: ImportLedger
    let progress: @Sendable (ImportProgress) -> Void
    /// Which media files are kept: those a post names.
    let keeper = ExportMediaKeeper()

    /// The media part of the pass.
    private var exportMedia: ExportMedia {
        ExportMedia(
            container: container, base: survey.base, mapper: mapper, layout: media, limits: limits, ledger: ledger,
            keeper: keeper)
    }

    func run(_ sink: any ImportSink) throws {
        // The media files are stored by walks of their own (hashing and writing them is most of a large
        // import's work), beside this one, when the container lets this walk pass them without reading
        // them.
        let walks =
            !container.skipsEntriesUnread
            ? 0
            : mediaWalks
                ?? Self.mediaWalks(
                    mediaBytes: survey.mediaBytes, outboxBytes: survey.outboxSize,
                    processors: ProcessInfo.processInfo.activeProcessorCount)
        let mediaWalks = walks > 0 ? ExportMediaWalks(exportMedia, count: walks) : nil
        do {
            try readEntries(sink, mediaWalks: mediaWalks)
            try mediaWalks?.takeRest(into: sink, then: reportProgress)
            try keeper.settle(sink, layout: media, ledger: ledger)
        } catch {
            mediaWalks?.abandon()
            throw error
        }
    }

    /// How many walks store the media. Storing the statuses and decoding outbox.json keep about one
    /// processor busy, so the walks have the others (1 to 4); when the media are so much larger than
    /// outbox.json that storing them takes longer than the statuses (more than 25 times its size: writing
    /// and hashing a byte of media costs about a twelfth of storing a byte of outbox.json), the statuses
    /// are stored before the media are, and the walks take every processor.
    static func mediaWalks(mediaBytes: Int64, outboxBytes: Int64?, processors: Int) -> Int {
        let mediaBound = outboxBytes.map { mediaBytes > 25 * $0 } ?? false
        return min(4, max(1, mediaBound ? processors : processors - 1))
    }

    /// Reads the container's entries in its order: outbox.json, likes.json and bookmarks.json, and the
    /// media files unless walks of their own store them.
    private func readEntries(_ sink: any ImportSink, mediaWalks: ExportMediaWalks?) throws {
        var sawOutbox = false
        let media = exportMedia
        try container.forEachEntry(bounds: limits.inflation) { entry in
            guard entry.path.hasPrefix(survey.base) else { return }
            let path = String(entry.path.dropFirst(survey.base.count))
            switch path {
            case "outbox.json":
                sawOutbox = true
                try readOutbox(entry, sink, mediaWalks: mediaWalks)
            case "likes.json": try readReferences(entry, kind: .favourite, sink)
            case "bookmarks.json": try readReferences(entry, kind: .bookmark, sink)
            default:
                if mediaWalks == nil, media.isMedia(entry), let stored = try media.store(entry) {
                    try sink.holdMedia(stored.media, placedNew: stored.placedNew)
                    reportProgress()
                }
            }
            try mediaWalks?.takeStored(into: sink, then: reportProgress)
        }
        guard sawOutbox else {
            throw ImportError.unreadable(
                file: container.name, entry: survey.base + "outbox.json",
                reason: "it was there on the first reading and not on the second")
        }
    }

    /// Streams outbox.json's `orderedItems`, storing statuses in batches. A thread of its own reads and
    /// decodes the activities while this one stores the batches read before (at most two waiting).
    private func readOutbox(_ entry: ExportEntry, _ sink: any ImportSink, mediaWalks: ExportMediaWalks?) throws {
        let handover = BatchHandover<(batch: OutboxBatch, bytes: Int64)>(capacity: 2)
        let owned = OwnedEntry(entry: entry)
        let reader = Thread { [self] in
            read(owned.entry, into: handover)
            handover.readerFinished()
        }
        // Deeply nested JSON decodes recursively: the main thread's stack, not a small default one.
        reader.stackSize = 8 << 20
        reader.start()
        do {
            reading: while true {
                switch handover.take() {
                case .batch(let (batch, bytes)):
                    try store(batch, bytes: bytes, sink)
                    try mediaWalks?.takeStored(into: sink, then: reportProgress)
                case .finished:
                    keeper.outboxFinished()
                    break reading
                case .failed(let error): throw error
                }
            }
        } catch {
            handover.abandonAndWait()
            throw error
        }
        handover.waitForReader()
    }

    /// The outbox's reading thread: batches of activities handed over until the end, an error, or the
    /// storer giving up.
    private func read(_ entry: ExportEntry, into handover: BatchHandover<(batch: OutboxBatch, bytes: Int64)>) {
        struct Abandoned: Error {}
        var batch = OutboxBatch(mapper: mapper, entryName: entry.path, file: container.name)
        var bytes: Int64 = 0
        // The closure below runs for every element: it captures locals only, not a copy of `self`.
        let batchSize = batchSize
        do {
            try forEachItem(of: entry, maxElementBytes: limits.elementBytes) { element, index, read in
                bytes = read
                try batch.add(element, index: index)
                if batch.size >= batchSize {
                    guard handover.put(.batch((batch, bytes))) else { throw Abandoned() }
                    batch.reset()
                }
            }
            if handover.put(.batch((batch, bytes))) { _ = handover.put(.finished) }
        } catch is Abandoned {
            return
        } catch {
            _ = handover.put(.failed(error))
        }
    }

    /// Stores one batch of the outbox and counts it.
    private func store(_ batch: OutboxBatch, bytes: Int64, _ sink: any ImportSink) throws {
        try keeper.name(batch.statuses, in: sink)
        let result = try sink.store(batch.statuses, unreadable: batch.unreadable)
        let added = try sink.recordReferences(batch.references)
        let read = batch.statuses.count + batch.unreadable.count
        ledger.update {
            $0.read += read
            $0.stored += result
            $0.references += added
            $0.skipped += batch.skipped
            $0.foreign += batch.foreign
        }
        ledger.mainBytesRead = bytes
        reportProgress()
    }

    /// Tells how far the import has come: statuses and outbox.json's bytes, media files and their bytes.
    private func reportProgress() {
        let report = ledger.current
        var now = ImportProgress(statuses: report.read, bytes: ledger.mainBytesRead, totalBytes: survey.outboxSize)
        now.mediaFiles = report.mediaFiles
        now.mediaBytes = report.mediaBytes
        now.mediaTotalBytes = survey.mediaBytes
        progress(now)
    }

    /// Streams likes.json or bookmarks.json: an OrderedCollection of uris.
    private func readReferences(_ entry: ExportEntry, kind: ImportedReference.Kind, _ sink: any ImportSink) throws {
        var pending: [ImportedReference] = []
        var added = 0
        try forEachItem(of: entry, maxElementBytes: 1 << 16) { element, index, _ in
            guard let uri = (try? JSONSerialization.jsonObject(with: element, options: .fragmentsAllowed)) as? String
            else {
                throw ImportError.malformed(
                    file: container.name, entry: entry.path, reason: "item \(index) is not a uri")
            }
            pending.append(ImportedReference(accountHandle: mapper.actor.handle, kind: kind, uri: uri))
            if pending.count >= batchSize {
                added += try sink.recordReferences(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        added += try sink.recordReferences(pending)
        ledger.update { $0.references += added }
    }

    /// Hands over each element of an entry's `orderedItems` with its number (from 1) and how many bytes
    /// of the entry were read so far, reading it in 1 MiB pieces.
    private func forEachItem(
        of entry: ExportEntry, maxElementBytes: Int,
        _ each: (Data, Int, Int64) throws -> Void
    ) throws {
        var splitter = JSONArrayStream(target: .key("orderedItems"), maxElementBytes: maxElementBytes)
        var (index, bytes) = (0, Int64(0))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        do {
            while true {
                let count = try entry.read(buffer)
                if count == 0 { break }
                bytes += Int64(count)
                try splitter.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { element in
                    index += 1
                    try each(element, index, bytes)
                }
            }
            try splitter.finish()
        } catch let error as JSONArrayStream.Malformed {
            throw ImportError.malformed(file: container.name, entry: entry.path, reason: error.description)
        }
    }
}

/// An entry handed to the outbox's reading thread. `@unchecked Sendable`: only that thread reads it, and
/// the thread that handed it over waits for that thread to stop before it reads the container again.
private struct OwnedEntry: @unchecked Sendable {
    let entry: ExportEntry
}
