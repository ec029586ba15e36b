import Archive
import ArchiveCore
import Foundation
import HTTPTypes
import HummingbirdTesting
import IceboxTestSupport
import Logging
import MastodonTestServer
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// alice's archive (a real sync of the test server with the fixtures), on its SQLite file or, copied
/// there by `icebox migrate`, on PostgreSQL; each test serves it with a real `icebox serve` on 127.0.0.1.
/// Immutable once built, so shared by the tests.
final class ServedArchive: @unchecked Sendable {
    let server: TestServer
    let home: TemporaryDirectory
    let archive: ArchiveDatabase
    /// `--store` of the served archive: `nil` for the SQLite file in `home`.
    let store: String?
    /// Builds alice's archive and serves it; `postgres` (a database URL) copies it there first.
    init(store postgres: String?) async throws {
        var config = TestServerConfig()
        config.statusCount = 120
        config.fixturesDirectory = Repository.fixtures
        config.homeShare = 1
        server = try await TestServer.start(config)
        // The export's attack cases, archived as any post is: they must render inert.
        _ = await server.addStatus(
            username: "carol", mediaPaths: ["/media/thread/carol.png"], description: Self.hostileAlt,
            text: Self.hostileText, tags: ["hostile"])
        // A tag on more posts than `ServeCountLimitTests`' limit, none of them by an author who opted out.
        for number in 1...Self.severalTagged {
            _ = await server.addStatus(username: "carol", text: "Post \(number) of a few", tags: ["several"])
        }
        // A tag on posts of an author who opted out of search (dave) and of one who did not (carol).
        _ = await server.setSearchOptOut(username: "dave", indexable: false)
        for number in 1...2 {
            _ = await server.addStatus(username: "dave", text: "Mixed \(number)", tags: [Self.mixedTag])
        }
        _ = await server.addStatus(username: "carol", text: "Mixed too", tags: [Self.mixedTag])
        home = try TemporaryDirectory("icebox-serve")
        archive = try await AliceArchive.sync(from: server, into: home.url, logger: Logger(label: "serve-test"))
        if let postgres {
            let copied = try await Self.icebox(["migrate", "--to", postgres, "--home", home.path])
            guard copied.status == 0 else { throw ServeProcess.Failed("migrate: \(copied.stderr)") }
            // A sync on the shared store keeps each server's rate budget there, for `/metrics` to report.
            let synced = try await Self.icebox(["sync", "--no-media", "--home", home.path, "--store", postgres])
            guard synced.status == 0 else { throw ServeProcess.Failed("sync: \(synced.stderr)") }
        }
        store = postgres
    }

    /// The archive number of the post carrying the attack cases (`#hostile`).
    func hostileNumber() async throws -> Int64? {
        try await archive.posts(.tag("hostile", author: nil), limit: 1, offset: 0).first?.number
    }

    /// How many posts carry `#several`.
    static let severalTagged = 5

    /// A tag on two posts of dave, who opted out of search, and one of carol.
    static let mixedTag = "mixed"

    static let hostileText = "</script><script>alert(1)</script> [click](javascript:alert(2)) # heading <b>bold</b>"
    static let hostileAlt = "\"><img src=x onerror=alert(3)> ../../../etc/passwd"

    /// Runs `body` against `icebox serve` on this archive (with `arguments` added), then stops it with
    /// SIGTERM and checks that it ended gracefully (exit 0).
    func serving(_ arguments: [String] = [], _ body: (Served) async throws -> Void) async throws {
        try await ServeProcess.serving(
            ["serve", "--listen", "127.0.0.1:0", "--home", home.path] + (store.map { ["--store", $0] } ?? [])
                + arguments, body)
    }

    /// Runs `icebox` on this archive (and store).
    func icebox(_ arguments: String...) async throws -> CommandResult {
        try await Self.icebox(arguments + ["--home", home.path] + (store.map { ["--store", $0] } ?? []))
    }

    /// The rows `sql` reads from the store itself (`sqlite3` or `psql`), a line each, `|` between columns.
    func query(_ sql: String) async throws -> [String] {
        let result =
            if let store {
                try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["psql", store, "-At", "-c", sql])
            } else {
                try await CommandRunner.run(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    // The archive is shared with the suites running beside this one, whose commands write it
                    // at moments: wait for a lock as Icebox does, instead of failing at once.
                    ["sqlite3", "-cmd", ".timeout 10000", home.url.appending(path: "archive.sqlite").path, sql])
            }
        guard result.status == 0 else { throw ServeProcess.Failed("\(sql): \(result.stderr)") }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static func icebox(_ arguments: [String], stdin: String? = nil) async throws -> CommandResult {
        try await CommandRunner.run(CommandRunner.productsDirectory.appending(path: "icebox"), arguments, stdin: stdin)
    }

    /// The status of a request sent as it is (no Host added).
    static func sendRaw(_ request: TestClient.Request, port: Int) async throws -> HTTPResponse.Status {
        try await Served.send(request, port: port).status
    }

}

/// A running `icebox serve`, and requests to it.
struct Served: Sendable {
    let port: Int
    /// The owner's token it printed.
    var token: String? = nil
    var authority: String { "127.0.0.1:\(port)" }

    /// The cookie the printed address sets, as a browser sends it back.
    var cookie: String? { token.map { "icebox-\(port)=\($0)" } }

    /// A GET with the right Host, and the owner's cookie unless `asOwner` is false; `json` asks for the
    /// CLI's records.
    func get(
        _ path: String, json: Bool = false, authority: String? = nil, headers: HTTPFields = [:], asOwner: Bool = true
    ) async throws
        -> (status: HTTPResponse.Status, headers: HTTPFields, body: String)
    {
        var fields = headers
        if json { fields[.accept] = "application/json" }
        if asOwner, let cookie { fields[.cookie] = cookie }
        let request = TestClient.Request(path, method: .get, authority: authority ?? self.authority, headers: fields)
        return try await Self.send(request, port: port)
    }

    static func send(_ request: TestClient.Request, port: Int) async throws
        -> (status: HTTPResponse.Status, headers: HTTPFields, body: String)
    {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            let response = try await client.execute(request)
            return (response.status, response.headers, response.body.map { String(buffer: $0) } ?? "")
        }
    }
}
