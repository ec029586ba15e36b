import ArchiveCore
import Foundation
import MediaFiles

/// A media file an import stored, and whether this import put it in the media folder.
struct StoredMedia: Sendable {
    var media: ImportedMedia
    var placedNew: Bool
}

/// Keeps only the media files of an export that a post of it names. The media entries may come before
/// outbox.json (Mastodon writes them first) and are stored by walks beside it: so a file is held until
/// the outbox has been read whole, then recorded when a post names it, or removed (when this import
/// placed it) and counted as skipped. Once the outbox has been read, a file no post names is not
/// stored at all.
///
/// `@unchecked Sendable`: `named` and `outboxRead` are read and written under `lock`; `held` only by the
/// import's own thread.
final class ExportMediaKeeper: @unchecked Sendable {
    private let lock = NSLock()
    private var named = Set<String>()
    private var outboxRead = false
    private var held: [StoredMedia] = []

    /// The attachments of statuses read from the outbox name their files.
    func name(_ statuses: [ImportedStatus]) {
        let urls = statuses.flatMap { $0.status.status.mediaAttachments.compactMap(\.url) }
        guard !urls.isEmpty else { return }
        lock.withLock { named.formUnion(urls) }
    }

    /// The outbox has been read whole: every name is known.
    func outboxFinished() {
        lock.withLock { outboxRead = true }
    }

    /// Whether the file for `url` is known to be named by no post (it need not be stored).
    func isUnnamed(_ url: String) -> Bool {
        lock.withLock { outboxRead && !named.contains(url) }
    }

    /// The import's thread: a stored file, recorded or removed by ``settle(_:layout:ledger:)``.
    func hold(_ media: StoredMedia) {
        held.append(media)
    }

    /// The import's thread, once the outbox was read and every media file stored: records the files a
    /// post names, removes the others this import placed (unless a file recorded has the same bytes),
    /// and counts them as skipped.
    func settle(_ sink: any ImportSink, layout: MediaLayout, ledger: ImportLedger) throws {
        let names = lock.withLock { named }
        var recorded = Set<String>()
        var unnamed: [StoredMedia] = []
        for item in held {
            if names.contains(item.media.url) {
                try sink.recordMedia(item.media)
                recorded.insert(item.media.sha256)
            } else {
                unnamed.append(item)
            }
        }
        held.removeAll()
        for item in unnamed {
            if item.placedNew, !recorded.contains(item.media.sha256) {
                let file = layout.file(sha256: item.media.sha256, ext: item.media.ext)
                ledger.unplaceFile(file)
                layout.removeStored(file)
            }
            ledger.update {
                $0.mediaFiles -= 1
                $0.mediaBytes -= item.media.size
                if item.placedNew { $0.mediaFilesNew -= 1 }
                $0.mediaUnreferenced += 1
            }
        }
    }
}
