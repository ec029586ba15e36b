import ArchiveCore
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Bad input gets one clear line and a distinct exit status; nothing crashes.
@Suite(.serialized) struct BadInputTests {
    @Test func unreachableServer() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 5)
        let base = server.baseURL.absoluteString
        await server.stop()
        let result = try await CLI().run("account", "add", base, "--token-stdin", stdin: "x\n")
        #expect(result.status == 69)
        #expect(result.stderr.contains("127.0.0.1") && result.stderr.contains("could not be reached"))
    }

    @Test func badToken() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 5)
        defer { Task { await server.stop() } }
        let result = try await CLI().run(
            "account", "add", server.baseURL.absoluteString, "--token-stdin",
            stdin: "wrong-token\n")
        #expect(result.status == 77)
        #expect(result.stderr.contains("401") && !result.stderr.contains("wrong-token"))
    }

    @Test func htmlInsteadOfJSON() async throws {
        var faults = Faults()
        faults.htmlErrorRate = 1
        let server = try await TestServer.startWithFixtures(statuses: 5, faults: faults)
        defer { Task { await server.stop() } }
        let result = try await CLI().run(
            "account", "add", server.baseURL.absoluteString, "--token-stdin",
            stdin: "test-token\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("127.0.0.1"))
        #expect(!result.stderr.contains("<html"), "the page itself is not dumped")
    }

    @Test(arguments: ["bogus", "tag:", "remote:http://10.1.2.3", "list:a/b"])
    func unknownTimelineSpec(_ spec: String) async throws {
        let result = try await CLI().run("timeline", "add", spec)
        #expect(result.status == 64)
        #expect(!result.stderr.isEmpty)
    }

    @Test func plainHTTPToANonLoopbackServerIsRefused() async throws {
        let result = try await CLI().run("account", "add", "http://mastodon.example", "--token-stdin", stdin: "x\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("loopback"))
    }

    @Test func aSecondSyncSaysWhoHoldsTheLockAndExits75() async throws {
        let cli = try CLI()
        _ = try await cli.run("timeline", "add", "remote:http://127.0.0.1:9")
        let lock = try await SyncLock(path: cli.home.url.appending(path: "sync.lock"), wait: false)
        let result = try await cli.run("sync")
        #expect(result.status == 75)
        #expect(result.stderr.contains("pid \(ProcessInfo.processInfo.processIdentifier)"))
        withExtendedLifetime(lock) {}
    }

    @Test func aFailedTimelineMakesSyncExitOneAndNamesIt() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 5)
        let cli = try CLI()
        let base = server.baseURL.absoluteString
        #expect(try await cli.run("account", "add", base, "--token-stdin", stdin: "test-token\n").status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        await server.stop()
        let result = try await cli.run("sync", "--quiet", "--retries", "1")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("home (alice@icebox.test)") && result.stderr.contains("FAILED"))
    }
}
