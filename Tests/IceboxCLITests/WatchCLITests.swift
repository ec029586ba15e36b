import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox watch` as a process: killed with -9 and restarted, stopped with SIGTERM, beside a cron sync.
@Suite(.serialized) struct WatchCLITests {
    static func server() async throws -> TestServer {
        var config = TestServerConfig()
        config.statusCount = 60
        config.fixturesDirectory = nil
        config.homeShare = 1
        config.rateLimit = RateLimit(limit: 1_000_000, window: 300)
        config.streaming.heartbeat = 0.25
        return try await TestServer.start(config)
    }

    /// `icebox watch` on `cli`'s archive, quick to reconnect and poll; its stderr to the file `stderr` names.
    static func watch(_ cli: CLI, stderr: URL? = nil) throws -> RunningCommand {
        try RunningCommand(
            CLI.binary,
            [
                "watch", "--home", cli.home.path, "--idle-timeout", "2", "--poll-interval", "1",
                "--max-backoff", "1",
            ], stderr: stderr)
    }

    /// Whether every id is archived, read from the archive file as another reader would.
    static func archived(_ ids: [String], _ cli: CLI, _ server: TestServer) async throws -> Bool {
        let archive = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        let host = server.baseURL.host.map { "\($0):\(server.port)" } ?? ""
        for id in ids where try await archive.findStatus(server: host, localID: id) == nil { return false }
        return true
    }

    @Test func killNineOfWatchAndARestartLoseNothing() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        var posted: [String] = []
        for round in 0..<3 {
            let watch = try Self.watch(cli)
            try await waitUntil(seconds: 30) { await server.streamCounts().open >= 1 }
            let killAt = Int.random(in: 5..<60)
            for step in 0..<60 {
                posted += await server.addStatuses(1)
                if step == killAt { watch.kill(SIGKILL) }
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...8)))
            }
            watch.kill(SIGKILL)
            _ = await watch.wait()
            posted += await server.addStatuses(5)
            _ = round
        }
        let last = try Self.watch(cli)
        try await waitUntil(seconds: 60) { try await Self.archived(posted, cli, server) }
        last.kill(SIGTERM)
        #expect(await last.wait() == 0, "SIGTERM ends watch cleanly")
    }

    @Test func cronSyncRunsBesideWatchWithoutWaitingForIt() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let watch = try Self.watch(cli)
        try await waitUntil(seconds: 30) { await server.streamCounts().open >= 1 }
        var posted: [String] = []
        for _ in 0..<5 {
            posted += await server.addStatuses(40)
            let started = Date()
            let sync = try await cli.run("sync", "--no-media", "--quiet")
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(Date().timeIntervalSince(started) < 60)
        }
        try await waitUntil(seconds: 60) { try await Self.archived(posted, cli, server) }
        let archive = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        #expect(try await archive.allStatusURIs().count == Set(try await archive.allStatusURIs()).count)
        watch.kill(SIGTERM)
        #expect(await watch.wait() == 0)
    }

    /// At a terminal, watch says what it does (issue 28: it printed nothing, said nothing for seconds
    /// after its server died, repeated its polling notice, and ended with statuses=0 after archiving).
    @Test func atATerminalWatchSaysWhatItDoes() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        #expect(try await cli.run("timeline", "add", "bookmarks").status == 0)
        let user = try TemporaryDirectory("icebox-user")
        let terminal = try PseudoTerminal(
            CLI.binary,
            [
                "watch", "--home", cli.home.path, "--idle-timeout", "2",
                "--poll-interval", "1", "--max-backoff", "1",
            ],
            environment: [
                "TERM": "xterm", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
                "HOME": user.path,
            ], controlling: true)
        defer { terminal.stop() }
        try await terminal.waitFor("home (alice@icebox.test): streaming from")
        await server.addStatuses(1)
        try await terminal.waitFor("home (alice@icebox.test): 1 new")
        await server.dropStreams()
        await server.addStatuses(2)
        try await terminal.waitFor("home (alice@icebox.test): lost the stream")
        try await terminal.waitFor("home (alice@icebox.test): streaming from", count: 2)
        try await Task.sleep(for: .seconds(3))  // bookmarks polled every second meanwhile
        let said =
            terminal.screen.components(separatedBy: "bookmarks (alice@icebox.test): the timeline has no stream").count
            - 1
        #expect(said == 1, "said once, not at every poll: \(terminal.screen)")
        terminal.type("\u{03}")
        try await terminal.waitFor("stopped: ")
        #expect(await terminal.wait() == 0)
        let stopped = try #require(terminal.screen.firstMatch(of: #/stopped: (\d+) statuses/#).map { Int($0.1) ?? 0 })
        #expect(stopped >= 3, "the streamed post and the two caught up by REST: \(terminal.screen)")
    }
}
