import ArchiveCore
import Logging
import PostgresNIO

/// The media catalogue's one write an import makes in its own transaction (the catalogue's flows are
/// written once, see `ArchiveStore+Media.swift`).
extension PostgresArchive {
    /// Records a file stored as the file of `url`, in the caller's transaction; whether the file is new
    /// to the catalogue. `fromFile`: an import's, which never replaces a URL's stored file
    /// (``MediaStatements/recordImported``).
    static func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String, fromFile: Bool = false,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> Bool {
        try await run(
            .mediaStored(
                url: url, kind: kind, sha256: sha256, size: size, mime: mime, ext: ext, now: now(),
                fromFile: fromFile), connection, logger)
    }
}
