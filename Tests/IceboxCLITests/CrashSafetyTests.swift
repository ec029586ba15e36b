import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing

/// A sync killed at any moment (SIGKILL, no clean-up) loses at most the page in flight: the next run
/// neither skips nor duplicates anything, and the database stays sound.
@Suite(.serialized) struct CrashSafetyTests {
    @Test func killedTwentyTimesDuringA10kBackfillThenCompletes() async throws {
        var config = TestServerConfig()
        config.statusCount = 10_000
        config.homeShare = 1
        config.rateLimit = MastodonTestServer.RateLimit(limit: 1_000_000, window: 300)
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)

        var random = SystemRandomNumberGenerator()
        var killed = 0
        for _ in 0..<20 {
            // Media have their own kill test; this one is about timelines.
            let sync = try RunningCommand(
                CLI.binary, ["sync", "--no-media", "--backfill-pages", "1000", "--home", cli.home.path])
            try await Task.sleep(for: .milliseconds(Int.random(in: 30...700, using: &random)))
            sync.kill()
            if await sync.wait() == SIGKILL { killed += 1 }
        }
        #expect(killed >= 15, "most runs were killed mid-flight, not finished: \(killed)")

        let final = try await cli.run("sync", "--no-media", "--backfill-pages", "1000")
        #expect(final.status == 0, "\(final.stderr)")
        let served = try await ServedTimeline.archiveKeys(
            baseURL: server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        #expect(served.count >= 10_000)
        let archive = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        let uris = try await archive.allStatusURIs()
        #expect(uris.count == Set(uris).count, "no duplicates")
        #expect(Set(uris) == served, "no gaps, nothing extra")
        #expect(try await archive.timelines().first?.backfillComplete == true)
        #expect(try await archive.integrityCheck() == "ok")
    }
}
