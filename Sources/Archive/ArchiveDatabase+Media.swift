import ArchiveCore
import GRDB

/// The media catalogue's one write an import makes in its own transaction (the catalogue's flows are
/// written once, see `ArchiveStore+Media.swift`).
extension ArchiveDatabase {
    /// Records a stored file and the URL it is the file of, in the caller's transaction; true when the
    /// file was new to the catalogue. `fromFile`: an import's, which never replaces a URL's stored file
    /// (``MediaStatements/recordImported``).
    static func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String,
        now: String, fromFile: Bool = false, _ db: Database
    ) throws -> Bool {
        try run(
            .mediaStored(
                url: url, kind: kind, sha256: sha256, size: size, mime: mime, ext: ext, now: now,
                fromFile: fromFile), db)
    }
}
