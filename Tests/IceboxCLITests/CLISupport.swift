import Foundation
import IceboxTestSupport
import MastodonTestServer

/// An archive folder and a way to run `icebox` on it.
struct CLI {
    let home: TemporaryDirectory
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    init() throws { home = try TemporaryDirectory("icebox-cli") }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) async throws -> CommandResult {
        try await run(arguments, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async throws
        -> CommandResult
    {
        try await CommandRunner.run(
            Self.binary, arguments + ["--home", home.path], stdin: stdin, environment: environment)
    }

    /// A new archive with alice's account on `server` and her home timeline synced (`sync` adds
    /// `arguments`, e.g. `--no-media`).
    static func syncingHome(of server: TestServer, _ arguments: String...) async throws -> CLI {
        let cli = try await pinningHome(of: server)
        let synced = try await CommandRunner.run(binary, ["sync", "--quiet"] + arguments + ["--home", cli.home.path])
        guard synced.status == 0 else { throw Failed(description: "sync: \(synced.stderr)") }
        return cli
    }

    /// A new archive with alice's account on `server` and her home timeline pinned, not synced yet.
    static func pinningHome(of server: TestServer) async throws -> CLI {
        let cli = try CLI()
        let added = try await cli.run(
            "account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
        guard added.status == 0, try await cli.run("timeline", "add", "home").status == 0 else {
            throw Failed(description: "account add: \(added.stderr)")
        }
        return cli
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes garbage over a few pages across the archive file, as a failing disk might leave them.
    func damageArchive() throws {
        let file = home.url.appending(path: "archive.sqlite")
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard size > 16 * 4096 else {
            throw Failed(description: "the archive is too small to damage in places (\(size) bytes)")
        }
        let handle = try FileHandle(forWritingTo: file)
        let pages = size / 4096
        for page in [pages / 4, pages / 2, pages / 2 + 3, pages * 3 / 4] {
            try handle.seek(toOffset: UInt64(page * 4096))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        }
        try handle.close()
    }

    /// `stats --json` as a dictionary.
    func stats() async throws -> [String: Any] {
        let result = try await run("stats", "--json")
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }
}

extension TestServer {
    /// A server of 20 statuses whose home timeline fails as `set` says (`unavailableRate = 1`, say).
    static func startWithFailingHome(_ set: (inout Faults) -> Void) async throws -> TestServer {
        var config = TestServerConfig()
        config.statusCount = 20
        var faults = Faults()
        set(&faults)
        faults.pathPrefixes = ["/api/v1/timelines/home"]
        config.faults = faults
        return try await TestServer.start(config)
    }

    static func startWithFixtures(statuses: Int = 150, faults: Faults = Faults(), homeShare: Double = 0.6)
        async throws -> TestServer
    {
        var config = TestServerConfig()
        config.homeShare = homeShare
        config.statusCount = statuses
        config.fixturesDirectory = Repository.fixtures
        config.faults = faults
        return try await TestServer.start(config)
    }
}
