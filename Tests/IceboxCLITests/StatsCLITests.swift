import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox stats` beyond totals: bars on a terminal only, a timeline's own breakdown, JSON.
@Suite(.serialized) struct StatsCLITests {
    @Test func breakdownAsBarsOnATerminalAndAsJSON() async throws {
        let server = try await TestServer.startHome(statuses: 80)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let piped = try await cli.run("stats", "--top", "3")
        #expect(piped.status == 0 && piped.stdout.contains("posts by month") && piped.stdout.contains("hashtags"))
        #expect(!piped.stdout.contains("█"), "no bars through a pipe")

        let json =
            try JSONSerialization.jsonObject(
                with: Data(try await cli.run("stats", "--json", "--timeline", "home").stdout.utf8))
            as? [String: Any]
        let breakdown = try #require(json?["breakdown"] as? [String: Any])
        #expect(json?["timeline"] as? String == "home (alice@icebox.test)")
        let authors = try #require(breakdown["authors"] as? [[String: Any]])
        #expect(!authors.isEmpty && authors.count <= 10)
        let months = try #require(breakdown["months"] as? [[String: Any]])
        #expect(months.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == breakdown["posts"] as? Int)
        #expect(try await cli.run("stats", "--timeline", "local").status == 64, "not pinned")
        #expect(try await cli.run("stats", "--top", "0").status == 64)

        let user = try TemporaryDirectory("icebox-user")
        let terminal = try PseudoTerminal(
            CLI.binary, ["stats", "--home", cli.home.path],
            environment: ["HOME": user.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TERM": "xterm"])
        defer { terminal.stop() }
        #expect(await terminal.wait() == 0)
        #expect(terminal.screen.contains("█") && terminal.screen.contains("posts by month"), "\(terminal.screen)")
    }
}
