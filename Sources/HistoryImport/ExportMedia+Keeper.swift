import ArchiveCore
import Foundation
import MediaFiles

/// A media file an import stored, and whether this import put it in the media folder.
struct StoredMedia: Sendable {
    var media: ImportedMedia
    var placedNew: Bool
}

/// Keeps only the media files of an export that a post of it names. The media entries may come before
/// outbox.json (Mastodon writes them first) and are stored by walks beside it: so each file is held in
/// the import's transaction as it is stored (``ImportSink/holdMedia(_:placedNew:)``), and the URLs the
/// posts name with it; once the outbox has been read whole, the held files a post names are recorded,
/// the others removed (when this import placed them, and no file named has the same bytes) and counted
/// as skipped. Once the outbox has been read, a file no post names is not stored at all. Nothing of it
/// is held in memory but a filter of a fixed size (see ``NameFilter``).
///
/// `@unchecked Sendable`: `named` and `outboxRead` are read and written under `lock`.
final class ExportMediaKeeper: @unchecked Sendable {
    private let lock = NSLock()
    private var named = NameFilter()
    private var outboxRead = false

    /// The import's thread: the attachments of statuses read from the outbox name their files.
    func name(_ statuses: [ImportedStatus], in sink: any ImportSink) throws {
        let urls = statuses.flatMap { $0.status.status.mediaAttachments.compactMap(\.url) }
        guard !urls.isEmpty else { return }
        try sink.nameMedia(urls)
        lock.withLock { for url in urls { named.insert(url) } }
    }

    /// The outbox has been read whole: every name is known.
    func outboxFinished() {
        lock.withLock { outboxRead = true }
    }

    /// Whether the file for `url` is known to be named by no post (it need not be stored).
    func isUnnamed(_ url: String) -> Bool {
        lock.withLock { outboxRead && !named.mayContain(url) }
    }

    /// The import's thread, once the outbox was read and every media file held: records the files a
    /// post names, removes the others this import placed (unless a file recorded has the same bytes),
    /// and counts them as skipped; a page of held files at a time.
    func settle(_ sink: any ImportSink, layout: MediaLayout, ledger: ImportLedger) throws {
        var position: Int64 = 0
        while true {
            let page = try sink.heldMedia(after: position, limit: 500)
            guard let last = page.last else { return }
            position = last.position
            for item in page {
                if item.named {
                    try sink.recordMedia(item.media)
                    continue
                }
                if item.placedNew, !item.bytesNamed {
                    layout.removeStored(layout.file(sha256: item.media.sha256, ext: item.media.ext))
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
}
