import ArchiveCore
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// What `icebox sync` tells a person while it runs: live progress lines that log lines never write
/// into, rate-limit waits and retries in words, each failure once, the exact URLs under -vv.
@Suite(.serialized) struct SyncFeedbackTests {
    static let environment = ["TERM": "xterm", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    /// A server whose rate limit (6 requests per 3 s, of which Icebox leaves half to other apps) makes
    /// a sync of its 200-status home feed wait, and whose home feed fails now and then (retried).
    static func throttledServer() async throws -> TestServer {
        var config = TestServerConfig()
        config.statusCount = 200
        config.homeShare = 1
        config.rateLimit = RateLimit(limit: 6, window: 3)
        var faults = Faults()
        faults.unavailableRate = 0.3
        faults.pathPrefixes = ["/api/v1/timelines/home"]
        config.faults = faults
        return try await TestServer.start(config)
    }

    @Test func logLinesStandOnTheirOwnAndRateLimitWaitsAreAnnounced() async throws {
        let server = try await Self.throttledServer()
        defer { Task { await server.stop() } }
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        let user = try TemporaryDirectory("icebox-user")
        // -v: the retries and waits are logged too, so log lines arrive while progress lines are drawn.
        let terminal = try PseudoTerminal(
            CLI.binary, ["sync", "-v", "--no-media", "--home", cli.home.path],
            environment: Self.environment.merging(["HOME": user.path]) { $1 })
        defer { terminal.stop() }
        #expect(await terminal.wait() == 0, "\(terminal.screen)")
        let screen = terminal.screen
        let port = server.baseURL.port ?? 0
        // Announced in words on the progress line, not only in the log.
        #expect(screen.contains("home (alice@icebox.test): "), "\(screen.debugDescription)")
        #expect(screen.contains(" — waiting "), "\(screen.debugDescription)")
        #expect(screen.contains("for the rate limit of 127.0.0.1:\(port)"), "\(screen.debugDescription)")
        let lines = TerminalScreen(screen).lines
        let logged = lines.filter { $0.contains("icebox: ") }
        #expect(logged.contains { $0.contains("waiting for the rate limit") }, "\(lines)")
        for line in logged {
            #expect(line.hasPrefix("icebox: "), "a log line written into a progress line: \(line.debugDescription)")
            #expect(!line.contains(" — waiting ") && !line.contains(" new —"), "progress inside a log line: \(line)")
        }
        // The progress lines are gone at the end: the summary reads cleanly.
        #expect(lines.contains { $0.hasPrefix("home (alice@icebox.test): ") && $0.contains(" updated, ") }, "\(lines)")
        #expect(!lines.contains { $0.contains(" — waiting ") }, "a progress line left on screen: \(lines)")
    }

    @Test func aFailureIsPrintedOnceUnderQuiet() async throws {
        let server = try await TestServer.startWithFailingHome { $0.notFoundRate = 1 }
        defer { Task { await server.stop() } }
        let cli = try await CLI.pinningHome(of: server)
        let result = try await cli.run("sync", "--quiet", "--no-media")
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: "/api/v1/timelines/home").count - 1 == 1, "\(result.stderr)")
        #expect(
            !result.stderr.contains("backfill continues next run"), "a failed timeline does not go on: \(result.stderr)"
        )
        #expect(result.stdout.isEmpty)
    }

    /// Media left to another run's download is no failure: under --quiet (cron mails whatever is
    /// printed) it goes unsaid; without --quiet it is said.
    @Test func mediaLeftToAnotherRunIsNotSaidUnderQuiet() async throws {
        let server = try await TestServer.startHome(statuses: 20)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server)
        let lock = try await SyncLock(
            path: cli.home.url.appending(path: "media.lock"), wait: false, purpose: "media download")
        let quiet = try await cli.run("sync", "--quiet")
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet.stderr)")
        let said = try await cli.run("sync")
        #expect(said.stderr.contains("another run is downloading media"), "\(said.stderr)")
        withExtendedLifetime(lock) {}
    }

    @Test func veryVerboseLogsTheExactURLsAndNeverTheToken() async throws {
        let server = try await TestServer.startHome(statuses: 60)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        let result = try await cli.run("sync", "-vv", "--no-media")
        #expect(result.status == 0, "\(result.stderr)")
        let base = server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        #expect(result.stderr.contains("GET \(base)/api/v1/timelines/home?limit=40\n"), "\(result.stderr)")
        let paged = try #require(
            result.stderr.firstMatch(of: #/GET (\S+/api/v1/timelines/home\?max_id=\d+&limit=40)\n/#))
        // The URL logged is the one the server saw.
        let sent = await server.requestLog().map {
            "\(base)\($0.path)?\($0.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))"
        }
        #expect(sent.contains(String(paged.1)), "\(sent)")
        #expect(!result.stderr.contains("test-token"))
        #expect(!(try await cli.run("sync", "-vv", "--no-media").stderr.contains("test-token")))
    }

    @Test func countsReadAsEnglish() async throws {
        var config = TestServerConfig()
        config.statusCount = 8
        config.homeShare = 1
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        let synced = try await cli.run("sync", "--no-media", "--backfill-pages", "1")
        #expect(synced.stdout.contains(", 1 page"), "\(synced.stdout)")
        #expect(!synced.stdout.contains("1 pages"))
        let stats = try await cli.run("stats").stdout
        #expect(!stats.contains("Zero") && stats.contains("0 bytes"), "\(stats)")
    }
}
