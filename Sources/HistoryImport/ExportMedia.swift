import ArchiveCore
import Foundation
import MediaFiles

/// The media files of a Mastodon export (its `media_attachments/` folder), stored in the media archive
/// and counted. Inside the import's transaction they are held by the thread that holds it, and recorded
/// once a post names them (see ``ExportMediaKeeper``).
struct ExportMedia: Sendable {
    let container: ExportContainer
    let base: String
    let mapper: ActivityMapper
    let layout: MediaLayout
    let limits: MastodonExportImport.Limits
    let ledger: ImportLedger
    let keeper: ExportMediaKeeper

    /// Whether the entry is one of the export's media files.
    func isMedia(_ entry: ExportEntry) -> Bool {
        entry.path.hasPrefix(base + "media_attachments/")
    }

    /// Stores one media entry's bytes (hashed as they are written) and counts it; returns what the
    /// transaction is to record, or `nil` (counted as skipped) when no post of the export names it.
    /// `stop` is asked before each piece is read: a walk that is given up stops within one piece, not at
    /// the end of a large file.
    func store(_ entry: ExportEntry, stop: () -> Bool = { false }) throws -> StoredMedia? {
        let url = mapper.mediaURL(String(entry.path.dropFirst(base.count)))
        guard !keeper.isUnnamed(url) else {
            ledger.update { $0.mediaUnreferenced += 1 }
            return nil
        }
        struct Stopped: Error, CustomStringConvertible { var description: String { "the import stopped" } }
        return try StoredMedia.store(
            url: url, file: container.name, entry: entry.path, layout: layout, limit: limits.mediaBytes,
            ledger: ledger
        ) { buffer in
            if stop() { throw Stopped() }
            return try entry.read(buffer)
        }
    }
}

/// The export's media stored by walks of their own while the import's own thread stores the statuses
/// of outbox.json: the container is read again by each walk, at once, each taking only its share of the
/// media files and the import's own walk passing them. A media file costs its hashing and its writing,
/// and creating a file; run in turn with the statuses, that was a third of an import's time, and with
/// 5 GB of media most of it.
///
/// Only for containers whose entries can be skipped without reading them (a folder, a ZIP): in a
/// tarball, the other walks would inflate every media file again just to pass it.
///
/// The walks hand their files over in one queue, so the first failure of any walk is seen at once and
/// stops them all.
final class ExportMediaWalks {
    private let handover: BatchHandover<StoredMedia>
    private var walking: Int

    /// Starts `count` walks. A file's share is decided by its name (not by its place in the walk), so
    /// every file is stored by exactly one walk even if a folder changes while they list it.
    init(_ media: ExportMedia, count: Int) {
        let handover = BatchHandover<StoredMedia>(capacity: .max, readers: count)
        self.handover = handover
        walking = count
        for share in 0..<count {
            let thread = Thread {
                struct Abandoned: Error {}
                do {
                    try media.container.forEachEntry(bounds: media.limits.inflation) { entry in
                        guard media.isMedia(entry), UInt(bitPattern: entry.path.hashValue) % UInt(count) == share else {
                            return
                        }
                        guard let stored = try media.store(entry, stop: { handover.isAbandoned }) else { return }
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
    }

    /// Holds the media stored so far in `sink` (without waiting for more), calling `then` after each;
    /// throws a walk's error if one failed.
    func takeStored(into sink: any ImportSink, then: () -> Void) throws {
        for item in handover.takeWaiting() {
            try take(item, sink)
            then()
        }
    }

    /// Waits for the walks' end, holding every media file they stored in `sink` (calling `then` after
    /// each); throws the first walk's error as soon as one fails.
    func takeRest(into sink: any ImportSink, then: () -> Void) throws {
        while walking > 0 {
            try take(handover.take(), sink)
            then()
        }
        handover.waitForReader()
    }

    /// Stops the walks (the import failed) and returns once their threads have: none writes a file after
    /// the import's placed files are removed.
    func abandon() {
        handover.abandonAndWait()
    }

    private func take(_ item: BatchHandover<StoredMedia>.Item, _ sink: any ImportSink) throws {
        switch item {
        case .batch(let stored): try sink.holdMedia(stored.media, placedNew: stored.placedNew)
        case .finished: walking -= 1
        case .failed(let error):
            walking = 0
            throw error
        }
    }
}
