import Archive
import ArchiveCore
import Foundation
import GRDB
import HistoryImport
import IceboxTestSupport
import Logging
import MediaArchive
import MediaFiles
import Testing

/// A fresh archive folder and the fixture export, for the import tests.
struct ImportFixture {
    static let exportFolder = Repository.fixtures.appending(path: "import/mastodon-export")
    static let statusBase = "https://social.example/users/alice/statuses/"

    let folder: TemporaryDirectory
    let archive: ArchiveDatabase
    let media: MediaLayout

    init() throws {
        folder = try TemporaryDirectory("icebox-import")
        archive = try ArchiveDatabase(path: folder.url.appending(path: "archive.sqlite"), logger: Logger(label: "test"))
        media = MediaLayout(root: folder.url.appending(path: "media"))
    }

    /// The fixture export zipped (with entries replaced or added), in the temporary folder.
    func zip(
        named name: String = "archive-20240310.zip", replacing: [String: Data] = [:],
        adding: [(String, Data)] = []
    ) throws -> URL {
        let file = folder.url.appending(path: name)
        try ZipMaker.write(try ZipMaker.entries(of: Self.exportFolder, replacing: replacing) + adding, to: file)
        return file
    }

    func run(
        _ file: URL, limits: MastodonExportImport.Limits = .init(), mediaWalks: Int? = nil,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws -> ImportReport {
        var importer = MastodonExportImport(file: file, media: media)
        importer.limits = limits
        importer.mediaWalks = mediaWalks
        return try await importer.run(into: archive, progress: progress)
    }

    /// What must not change when an import fails: every table's row count, and the media files.
    func snapshot() async throws -> [String] {
        let path = folder.url.appending(path: "archive.sqlite").path
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        var lines = try await queue.read { db in
            try [
                "statuses", "status_sources", "status_references", "media_files", "media_downloads",
                "media_attachments",
                "unreadable_statuses", "status_ids", "authors",
            ].map { table in
                "\(table) \(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1)"
            }
        }
        let walker = FileManager.default.enumerator(atPath: media.root.path)
        while let name = walker?.nextObject() as? String {
            if !name.hasPrefix(".tmp") { lines.append(name) }
        }
        return lines.sorted()
    }

    /// The archived status JSON of the fixture's status `number` (its id's last digits).
    func status(_ number: Int) async throws -> [String: Any] {
        let raw = try #require(
            try await archive.rawJSON(uri: Self.statusBase + "1110000000000000\(String(format: "%02d", number))"))
        return try #require(try JSONSerialization.jsonObject(with: raw) as? [String: Any])
    }
}
