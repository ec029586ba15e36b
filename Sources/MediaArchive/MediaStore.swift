import ArchiveCore
import Foundation
import Logging
import MediaFiles

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
    /// The store whose catalogue records the files (see `MediaCatalogue`).
    let archive: any ArchiveStore
    let logger: Logger

    /// Opens the media archive of `home`; `archive` is its (already migrated) database.
    public init(home: IceboxHome, archive: any ArchiveStore, logger: Logger) throws(MediaError) {
        try self.init(media: home.media, archive: archive, logger: logger)
    }

    /// Opens a media archive kept in `directory` for the database `archive`.
    public init(media directory: URL, archive: any ArchiveStore, logger: Logger) throws(MediaError) {
        layout = MediaLayout(root: directory)
        catalog = MediaCatalog(store: archive)
        self.archive = archive
        var logger = logger
        logger[metadataKey: "component"] = "media"
        self.logger = logger
        do {
            try FileManager.default.createDirectory(
                at: layout.root, withIntermediateDirectories: true, attributes: MediaLayout.privateFolder)
        } catch {
            throw .storage(path: layout.root.path, reason: error.localizedDescription)
        }
    }

    /// The file of a stored attachment, preview, avatar or emoji, by the URL it was downloaded from.
    public func file(forURL url: String) async throws(MediaError) -> URL? {
        let stored: CataloguedFile?
        do { stored = try await archive.mediaFile(forURL: url) } catch { throw .database(error.description) }
        return stored.map { layout.file(sha256: $0.sha256, ext: $0.ext) }
    }
}
