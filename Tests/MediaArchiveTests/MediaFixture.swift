import Archive
import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import MediaArchive

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An archive folder synced from loopback test servers, with its media archive.
struct MediaFixture {
    let home: TemporaryDirectory
    let archive: ArchiveDatabase
    let iceboxHome: IceboxHome
    let db: DatabaseQueue

    init() throws {
        home = try TemporaryDirectory("icebox-media")
        iceboxHome = IceboxHome(directory: home.url)
        archive = try ArchiveDatabase(path: iceboxHome.database, logger: Logger(label: "media-test"))
        db = try DatabaseQueue(path: iceboxHome.database.path)
    }

    /// A test server with `statuses` synthetic statuses (no fixtures: their media URLs are not loopback).
    static func server(statuses: Int = 40, domain: String = "icebox.test", seed: UInt64 = 1) async throws -> TestServer
    {
        var config = TestServerConfig()
        config.statusCount = statuses
        config.domain = domain
        config.seed = seed
        return try await TestServer.start(config)
    }

    /// Pins a server's local timeline (read without login).
    func pinLocal(_ server: TestServer) async throws {
        let pinning = try TimelinePinning(
            specText: "remote:\(server.baseURL.absoluteString)", account: nil, accounts: [])
        _ = try await archive.addTimeline(spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
    }

    /// Syncs every pinned timeline, downloading media unless told otherwise.
    @discardableResult
    func sync(media: Bool = true, configure: (inout SyncOptions) -> Void = { _ in }) async throws -> SyncRunReport {
        var options = SyncOptions()
        options.backfillPages = 1000
        options.timeout = 10
        options.backoff = .milliseconds(10)
        options.downloadMedia = media
        configure(&options)
        return try await Synchronizer(
            archive: archive, credentials: Credentials(), options: options,
            logger: Logger(label: "media-sync")
        ).runWithMedia()
    }

    func store() throws -> MediaStore {
        try MediaStore(home: iceboxHome, archive: archive, logger: Logger(label: "media-test"))
    }

    /// Quick options for tests: fast retries.
    static var options: MediaOptions {
        var options = MediaOptions()
        options.backoff = .milliseconds(10)
        options.timeout = 10
        return options
    }

    /// Every regular file under `media/`, `.tmp` excluded.
    func mediaFiles() -> [URL] {
        let root = iceboxHome.media
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter { url in
            !url.path.contains("/.tmp/")
                && (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// The download record of a URL: state, failure reason, sha256.
    func download(_ url: String) async throws -> (state: String, failure: String?, sha256: String?)? {
        try await db.read { db in
            try Row.fetchOne(
                db, sql: "SELECT state, failure, sha256 FROM media_downloads WHERE url = ?", arguments: [url]
            )
            .map { ($0["state"], $0["failure"], $0["sha256"]) }
        }
    }

    func count(_ sql: String) async throws -> Int {
        try await db.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }
}

/// The bytes a URL serves, read with plain URLSession (independently of Icebox).
func served(_ url: URL) async throws -> Data {
    try await URLSession.shared.data(from: url).0
}

/// SHA-256 of a file, as the system's `sha256sum` computes it.
func systemSHA256(_ file: URL) async throws -> String {
    let result = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
    return String(result.stdout.prefix(64))
}
