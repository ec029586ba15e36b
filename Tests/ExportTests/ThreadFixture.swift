import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import Testing
import Transport

@testable import Export

/// A loopback test server holding a known thread with images, and an archive synced from it:
///
///     root (alice, 2 images)
///     ├── bob (1 image)
///     │   └── carol (hostile text and alt text)
///     └── dave (a gifv-less text reply)
struct ThreadFixture {
    let server: TestServer
    let home: TemporaryDirectory
    let iceboxHome: IceboxHome
    let archive: ArchiveDatabase
    /// Server ids by name: root, bob, carol, dave.
    let ids: [String: String]

    static let hostileText = "</script><script>alert(1)</script> [click](javascript:alert(2)) # heading <b>bold</b>"
    static let hostileAlt = "\"><img src=x onerror=alert(3)> ../../../etc/passwd"

    /// With `home`, the thread is archived through alice's home timeline (she follows everyone);
    /// otherwise only the root is, through the server's local timeline (public feeds leave out replies
    /// to others, as Mastodon's do), and the rest must be fetched.
    static func make(
        statuses: Int = 20, home useHome: Bool = true,
        quirks: Quirks = Quirks()
    ) async throws -> ThreadFixture {
        var config = TestServerConfig()
        config.statusCount = statuses
        config.homeShare = 1
        config.quirks = quirks
        let server = try await TestServer.start(config)
        var ids: [String: String] = [:]
        ids["root"] = await server.addStatus(
            username: "alice", mediaPaths: ["/media/thread/root-1.png", "/media/thread/root-2.png"],
            description: "A red square & a blue one", text: "Root of the thread")
        ids["bob"] = await server.addStatus(
            username: "bob", mediaPaths: ["/media/thread/bob.png"], description: "Bob's photo",
            text: "First reply, from Bob", inReplyTo: ids["root"])
        ids["carol"] = await server.addStatus(
            username: "carol", mediaPaths: ["/media/thread/carol.png"],
            description: hostileAlt, text: hostileText, inReplyTo: ids["bob"])
        ids["dave"] = await server.addStatus(username: "dave", text: "Second reply, from Dave", inReplyTo: ids["root"])
        let home = try TemporaryDirectory("icebox-export")
        let iceboxHome = IceboxHome(directory: home.url)
        let archive = try ArchiveDatabase(path: iceboxHome.database, logger: Logger(label: "export-test"))
        let credentials = CredentialStore(file: iceboxHome.credentials, logger: Logger(label: "export-test"))
        let account = try await AccountEnrollment(
            archive: archive, credentials: credentials, logger: Logger(label: "export-test")
        )
        .add(server: try ServerAddress(server.baseURL.absoluteString), token: "test-token")
        let spec = useHome ? "home" : "remote:\(server.baseURL.absoluteString)"
        let pinning = try TimelinePinning(specText: spec, account: nil, accounts: [account])
        _ = try await archive.addTimeline(spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
        let fixture = ThreadFixture(server: server, home: home, iceboxHome: iceboxHome, archive: archive, ids: ids)
        try await fixture.sync()
        return fixture
    }

    /// Syncs the pinned local timeline with its media (and avatars and custom emoji with `avatars`).
    func sync(avatars: Bool = false) async throws {
        var options = SyncOptions()
        options.media.avatars = avatars
        options.backfillPages = 1000
        options.timeout = 10
        options.backoff = .milliseconds(10)
        options.downloadMedia = true
        let credentials = try CredentialStore(file: iceboxHome.credentials, logger: Logger(label: "export-test")).load()
        _ = try await Synchronizer(
            archive: archive, credentials: credentials, options: options,
            logger: Logger(label: "export-sync")
        ).runWithMedia()
    }

    /// The archive's number for a named status of the thread.
    func number(_ name: String) async throws -> Int64 {
        let id = try #require(ids[name])
        let host = "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
        return try #require(try await archive.findStatus(server: host, localID: id))
    }

    var exporter: Exporter {
        Exporter(archive: archive, home: iceboxHome, version: "test", logger: Logger(label: "export-test"))
    }

    func stop() async { await server.stop() }
}

/// `tar` and `sha256sum`, run as a person would.
enum Tools {
    static func run(_ tool: String, _ arguments: [String]) async throws -> CommandResult {
        try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments)
    }

    /// Unpacks a tarball with `tar` (any format it recognises) into a new folder.
    static func untar(_ tarball: URL) async throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("icebox-untar")
        let result = try await run("tar", ["-xf", tarball.path, "-C", folder.path])
        guard result.status == 0 else { throw ToolFailure(message: "tar -xf: \(result.stderr)") }
        return folder
    }

    struct ToolFailure: Error { var message: String }
}
