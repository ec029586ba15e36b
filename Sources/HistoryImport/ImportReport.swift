import ArchiveCore
import Foundation
import MediaFiles

/// What an import did.
public struct ImportReport: Sendable, Hashable {
    /// The account whose history it was (`user@host`), when the file says.
    public var account: String?
    /// That account as the Mastodon API shows it, from the file's own description of it (Mastodon's
    /// `actor.json`): what a boost made later is written with when the archive holds no post of it.
    public var accountJSON: Data?
    /// Statuses read from the file.
    public var read = 0
    /// What storing them changed (new, updated, kept unreadable).
    public var stored = StoreResult()
    /// Favourites, bookmarks, boosts and other servers' posts (see `foreign`) recorded by uri (new ones).
    public var references = 0
    /// Boosts made statuses of their own, the post boosted being archived (see ``BoostRows``).
    public var boosts = 0
    /// Media files stored, how many were new to the media folder, and their bytes.
    public var mediaFiles = 0
    public var mediaFilesNew = 0
    public var mediaBytes: Int64 = 0
    /// Activities or rows that are not statuses (follows, deletes…), left alone.
    public var skipped = 0
    /// Posts the file names as its account's whose ids are another server's: not filed under the
    /// account, nor stored from the file (it is no word of that server's), but kept as `claimed`
    /// references, which `--resolve` fetches from their origin.
    public var foreign = 0
    /// Media files of the export that no post of it names: not stored.
    public var mediaUnreferenced = 0

    public init() {}
}

/// How far an import has come, for a progress line.
public struct ImportProgress: Sendable, Hashable {
    /// Statuses read so far.
    public var statuses: Int
    /// Bytes of the main entry (outbox.json, the file) read so far, and its size when known.
    public var bytes: Int64
    public var totalBytes: Int64?
    /// Media files stored so far, their bytes, and the bytes the container declares for all of them
    /// (Mastodon's export; 0 for formats without media).
    public var mediaFiles = 0
    public var mediaBytes: Int64 = 0
    public var mediaTotalBytes: Int64 = 0
}

/// The counters of an import in progress, shared with its transaction (which runs on the archive's
/// writer thread). `@unchecked`: every access holds the lock.
final class ImportLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var report = ImportReport()
    private var mainBytes: Int64 = 0

    func update(_ change: (inout ImportReport) -> Void) {
        lock.withLock { change(&report) }
    }

    var current: ImportReport { lock.withLock { report } }

    /// How many bytes of the main entry (outbox.json) were read, for progress told while the media are
    /// stored.
    var mainBytesRead: Int64 {
        get { lock.withLock { mainBytes } }
        set { lock.withLock { mainBytes = newValue } }
    }

    /// The media files this import put in the media folder, written down outside memory.
    private let placed = PlacedFiles()

    /// A media file this import put in `layout` (removed again when the import fails).
    func placedFile(sha256: String, ext: String, in layout: MediaLayout) {
        placed.add(sha256: sha256, ext: ext, in: layout)
    }

    /// Removes the media files this import placed, and the folders placing them made (nothing refers
    /// to them once its transaction is undone). A file the import removed itself (no post named it) is
    /// gone already.
    func removePlacedFiles(from layout: MediaLayout) {
        placed.eachFile { sha256, ext in layout.removeStored(layout.file(sha256: sha256, ext: ext)) }
    }
}
