import Archive
import Foundation
import MediaArchive

/// The media files of a Mastodon export (its `media_attachments/` folder), stored in the media archive
/// and counted. Inside the import's transaction they are recorded by the thread that holds it.
struct ExportMedia: Sendable {
    let container: ExportContainer
    let base: String
    let mapper: ActivityMapper
    let layout: MediaLayout
    let limits: MastodonExportImport.Limits
    let ledger: ImportLedger

    /// Whether the entry is one of the export's media files.
    func isMedia(_ entry: ExportEntry) -> Bool {
        entry.path.hasPrefix(base + "media_attachments/")
    }

    /// Stores one media entry's bytes (hashed as they are written) and counts it; returns what the
    /// transaction is to record. `stop` is asked before each piece is read: a walk that is given up stops
    /// within one piece, not at the end of a large file.
    func store(_ entry: ExportEntry, stop: () -> Bool = { false }) throws -> ImportedMedia {
        struct Stopped: Error, CustomStringConvertible { var description: String { "the import stopped" } }
        let stored: StreamedFile
        do {
            stored = try layout.storeStream(limit: limits.mediaBytes) { buffer in
                if stop() { throw Stopped() }
                return try entry.read(buffer)
            }
        } catch {
            switch error {
            case .tooLarge(let limit): throw ImportError.tooLarge(file: container.name, entry: entry.path, limit: limit)
            case .storage(let reason): throw ImportError.media(file: container.name, entry: entry.path, reason: reason)
            case .source(let reason): throw ImportError.unreadable(file: container.name, entry: entry.path, reason: reason)
            }
        }
        if stored.placedNew { ledger.placedFile(layout.file(sha256: stored.sha256, ext: stored.ext)) }
        ledger.update {
            $0.mediaFiles += 1
            $0.mediaBytes += stored.size
            if stored.placedNew { $0.mediaFilesNew += 1 }
        }
        return ImportedMedia(url: mapper.mediaURL(String(entry.path.dropFirst(base.count))), sha256: stored.sha256,
                             size: stored.size, mime: stored.mime, ext: stored.ext)
    }
}

/// The export's media stored on a thread of its own while the import's own thread stores the statuses
/// of outbox.json: the container is read a second time, at once, this walk taking only the media
/// files and the other one skipping them. A media file costs its hashing and its writing, and creating
/// a file; run in turn with the statuses, that was a third of an import's time.
///
/// Only for containers whose entries can be skipped without reading them (a folder, a ZIP): in a
/// tarball, the other walk would inflate every media file a second time just to pass it.
final class ExportMediaWalk {
    private let handover = BatchHandover<ImportedMedia>(capacity: .max)
    private var ended = false

    /// Starts the walk, which stores the media files numbered `share`, `share + of`, `share + 2 × of`…
    /// in the container's order (so that `of` walks store them all between them) and passes the others.
    init(_ media: ExportMedia, share: Int = 0, of walks: Int = 1) {
        let handover = handover
        let thread = Thread {
            struct Abandoned: Error {}
            var number = 0
            do {
                try media.container.forEachEntry { entry in
                    guard media.isMedia(entry) else { return }
                    defer { number += 1 }
                    guard number % walks == share else { return }
                    let stored = try media.store(entry, stop: { handover.isAbandoned })
                    guard handover.put(.batch(stored)) else { throw Abandoned() }
                }
                _ = handover.put(.finished)
            } catch is Abandoned {
            } catch {
                _ = handover.put(.failed(error))
            }
            handover.readerFinished()
        }
        thread.start()
    }

    /// Records the media stored so far (without waiting for more); throws the walk's error if it failed.
    func recordStored(_ sink: any ImportSink) throws {
        for item in handover.takeWaiting() { try record(item, sink) }
    }

    /// Waits for the walk's end, recording every media file it stored; throws its error if it failed.
    func recordRest(_ sink: any ImportSink) throws {
        while !ended { try record(handover.take(), sink) }
        handover.waitForReader()
    }

    /// Stops the walk (the import failed) and returns once its thread has: it never writes a file after
    /// the import's placed files are removed.
    func abandon() {
        handover.abandonAndWait()
    }

    private func record(_ item: BatchHandover<ImportedMedia>.Item, _ sink: any ImportSink) throws {
        switch item {
        case .batch(let media): try sink.recordMedia(media)
        case .finished: ended = true
        case .failed(let error):
            ended = true
            throw error
        }
    }
}
