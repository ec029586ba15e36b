import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox watch` with an account whose token the server no longer takes: as `sync`, it names the account
/// and the remedy and exits 77, so a systemd service shows the failure instead of polling a refused token
/// forever; another account's timelines go on being watched meanwhile.
@Suite(.serialized) struct WatchRevokedTokenTests {
    /// The line that names the account and the remedy, as `sync`'s does.
    static func refusalLine(in stderr: String, of handle: String) -> Substring? {
        stderr.split(separator: "\n").first {
            $0.hasPrefix("home (\(handle)):") && $0.contains("refused the access token")
        }
    }

    @Test func aWatchWhoseOnlyAccountIsRefusedSaysSoAndExits77() async throws {
        let server = try await WatchCLITests.server()
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        await server.removeToken("test-token")
        let errors = cli.home.url.appending(path: "watch.stderr")
        let watch = try WatchCLITests.watch(cli, stderr: errors)
        defer { watch.kill(SIGKILL) }

        let status = await outcome(within: .seconds(60)) { await watch.wait() }
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(status == 77, "watch went on, or ended otherwise: \(String(describing: status)) \(stderr)")
        let line = try #require(Self.refusalLine(in: stderr, of: "alice@icebox.test"), "\(stderr)")
        #expect(line.contains("icebox account add http://127.0.0.1:\(server.port) --replace"), "the remedy: \(line)")
    }

    @Test func anotherAccountIsWatchedOnAndTheRefusalIsTheExitStatus() async throws {
        let server = try await WatchCLITests.server()
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        #expect(await server.setToken("bob-token", username: "bob"))
        let address = "http://127.0.0.1:\(server.port)"
        let added = try await cli.run("account", "add", address, "--token-stdin", stdin: "bob-token\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await cli.run("timeline", "add", "home", "--account", "bob@icebox.test").status == 0)
        await server.removeToken("test-token")
        let errors = cli.home.url.appending(path: "watch.stderr")
        let watch = try WatchCLITests.watch(cli, stderr: errors)
        defer { watch.kill(SIGKILL) }

        try await waitUntil(seconds: 60) {
            Self.refusalLine(in: try String(contentsOf: errors, encoding: .utf8), of: "alice@icebox.test") != nil
        }
        // Bob's stream is open and the watch still runs: one refused account does not stop the others.
        try await waitUntil(seconds: 30) { await server.streamCounts().open >= 1 }
        #expect(await outcome(within: .seconds(2)) { await watch.wait() } == nil, "watch ended with bob's timeline")
        watch.kill(SIGTERM)
        let status = await outcome(within: .seconds(60)) { await watch.wait() }
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(status == 77, "the refusal is the exit status: \(String(describing: status)) \(stderr)")
        #expect(Self.refusalLine(in: stderr, of: "bob@icebox.test") == nil, "\(stderr)")
    }
}
