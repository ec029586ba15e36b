import ArchiveCore
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Every exit status the README documents, each produced by the command and condition that should
/// produce it, against the loopback test server and real archive folders.
/// (66, a read-only command on a folder with no archive, is tested with the archive's opening modes.)
/// (72, a system library that cannot be loaded, is tested by scripts/test-install, which hides one.)
@Suite(.serialized) struct ExitCodeTests {
    /// One row: what was run, what it should exit with, what it did.
    struct Row: CustomStringConvertible {
        var name: String
        var expected: Int32
        var result: CommandResult
        var description: String { "\(name): expected \(expected), got \(result.status); stderr: \(result.stderr)" }
    }

    @Test func everyDocumentedExitStatus() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 30)
        defer { Task { await server.stop() } }
        let base = server.baseURL.absoluteString
        let cli = try CLI()
        var rows: [Row] = []
        func row(_ name: String, _ expected: Int32, _ result: CommandResult) {
            rows.append(Row(name: name, expected: expected, result: result))
        }

        row(
            "account add with a token", 0,
            try await cli.run("account", "add", base, "--token-stdin", stdin: "test-token\n"))
        row("timeline add home", 0, try await cli.run("timeline", "add", "home"))
        row("sync", 0, try await cli.run("sync"))

        // 1: the command ran and what it did failed.
        row("search that finds nothing (as grep)", 1, try await cli.run("search", "zzzqqqxxx"))
        row(
            "export of a search that finds nothing", 1,
            try await cli.run("export", "search", "-o", cli.home.url.appending(path: "none.tar.gz").path, "zzzqqqxxx"))
        // A server that is gone: a port that refuses connections (never one a stopped server left free,
        // which a server another test starts at that moment may be given).
        let gone = try RefusingPort()
        let goneBase = gone.baseURL
        let failing = try CLI()
        _ = try await failing.run("timeline", "add", "remote:\(goneBase)")
        row("sync of a timeline whose server is gone", 1, try await failing.run("sync", "--retries", "0"))

        // 64: bad usage.
        row("timeline add of an unknown kind", 64, try await cli.run("timeline", "add", "bogus"))
        row("timeline add of an already pinned timeline", 64, try await cli.run("timeline", "add", "home"))
        row("account remove of an unknown account", 64, try await cli.run("account", "remove", "nobody@x"))
        row(
            "timeline add for an unknown account", 64,
            try await cli.run("timeline", "add", "local", "--account", "nobody@x"))
        row("sync --timeout inf", 64, try await cli.run("sync", "--timeout", "inf"))
        row("sync --timeout=-1", 64, try await cli.run("sync", "--timeout=-1"))
        row("sync --retries=-1", 64, try await cli.run("sync", "--retries=-1"))
        row("sync --backfill-pages 1000000000", 64, try await cli.run("sync", "--backfill-pages", "1000000000"))
        row("search --limit 0", 64, try await cli.run("search", "--limit", "0", "coffee"))
        row(
            "plain http to a host that is not loopback", 64,
            try await cli.run("account", "add", "http://mastodon.example", "--token-stdin", stdin: "x\n"))

        // 69: the server cannot be reached.
        row(
            "account add of a server that is gone", 69,
            try await CLI().run("account", "add", goneBase, "--token-stdin", stdin: "test-token\n"))
        withExtendedLifetime(gone) {}

        // 74: the archive or a file cannot be written.
        row(
            "export into a folder that does not exist", 74,
            try await cli.run(
                "export", "search", "-o", cli.home.url.appending(path: "no/such/folder/x.tar.gz").path, "coffee"))

        // 75: try again later.
        let lock = try await SyncLock(path: cli.home.url.appending(path: "sync.lock"), wait: false)
        row("sync while another sync holds the archive", 75, try await cli.run("sync"))
        withExtendedLifetime(lock) {}
        var limited = Faults()
        limited.every429 = 1
        let busyServer = try await TestServer.startWithFixtures(statuses: 5, faults: limited)
        defer { Task { await busyServer.stop() } }
        row(
            "account add while the server's rate limit is used up", 75,
            try await CLI().run(
                "account", "add", busyServer.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n"))

        // 76: not a Mastodon server.
        var notFound = Faults()
        notFound.notFoundRate = 1
        let webServer = try await TestServer.startWithFixtures(statuses: 5, faults: notFound)
        defer { Task { await webServer.stop() } }
        row(
            "account add of a server answering 404 to /api/v1", 76,
            try await CLI().run(
                "account", "add", webServer.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n"))

        // 77: the server refuses the token or the authorization code.
        row(
            "account add with a token the server refuses", 77,
            try await CLI().run("account", "add", base, "--token-stdin", stdin: "wrong-token\n"))
        let oauth = try CLI()
        _ = try await oauth.run("account", "add", base, stdin: "")
        row(
            "account add with an authorization code the server refuses (invalid_grant)", 77,
            try await oauth.run("account", "add", base, stdin: "not-a-code\n"))

        for row in rows {
            #expect(row.result.status == row.expected, "\(row)")
            if row.expected != 0 { #expect(!row.result.stderr.isEmpty, "\(row.name): says why on stderr") }
        }
    }
}
