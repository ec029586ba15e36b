import Archive
import Foundation
import GRDB
import Logging

/// The content-addressed media archive of an Icebox home: every attachment (and optionally avatar and
/// custom emoji) of the archived statuses, stored once per distinct content as
/// `media/ab/cd/<sha256>.<ext>`, with what became of each URL in the database.
///
/// ```swift
/// let media = try MediaStore(home: home, archive: archive, logger: logger)
/// let report = try await media.fetch(MediaOptions())
/// ```
public struct MediaStore: Sendable {
    /// Where the files are.
    public let layout: MediaLayout
    let catalog: MediaCatalog
    let archive: ArchiveDatabase
    let logger: Logger

    /// Opens the media archive of `home`; `archive` is its (already migrated) database.
    public init(home: IceboxHome, archive: ArchiveDatabase, logger: Logger) throws(MediaError) {
        try self.init(media: home.media, archive: archive, logger: logger)
    }

    /// Opens a media archive kept in `directory` for the database `archive`.
    public init(media directory: URL, archive: ArchiveDatabase, logger: Logger) throws(MediaError) {
        layout = MediaLayout(root: directory)
        catalog = try MediaCatalog(archive: archive)
        self.archive = archive
        var logger = logger
        logger[metadataKey: "component"] = "media"
        self.logger = logger
        do {
            try FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
        } catch {
            throw .storage(path: layout.root.path, reason: error.localizedDescription)
        }
    }

    /// The file of a stored attachment, preview, avatar or emoji, by the URL it was downloaded from.
    public func file(forURL url: String) async throws(MediaError) -> URL? {
        let row = try await catalog.read { db in
            try Row.fetchOne(db, sql: """
                SELECT f.sha256, f.ext FROM media_downloads d JOIN media_files f ON f.sha256 = d.sha256
                WHERE d.url = ? AND d.state = 'stored'
                """, arguments: [url]).map { ($0["sha256"] as String, $0["ext"] as String) }
        }
        return row.map { layout.file(sha256: $0.0, ext: $0.1) }
    }
}
