import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox config reactions on` (issue 44): a sync then asks the account's own server who favourited and
/// boosted its own posts whose counts changed, says so on its summary line and in `sync --json`, and
/// asks nothing more while the counts stay.
@Suite struct ReactionsCLITests {
    @Test func aSyncAsksWhoReactedOnlyOnceSwitchedOnAndOnlyWhenCountsMove() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let own = try #require(await server.addStatus(username: "alice", text: "kites over the bay"))
        #expect(await server.addFavourite(of: own, username: "bob"))
        let cli = try await CLI.syncingHome(of: server)
        let setting = try await cli.run("config", "reactions")
        #expect(setting.status == 0 && setting.stdout.contains("off"), "off by default: \(setting.stdout)")
        #expect(try await cli.run("config", "reactions", "maybe").status != 0)
        #expect(try await cli.run("config", "reactions", "on").status == 0)
        #expect(try await cli.run("config", "reactions").stdout.contains("on"))

        let first = try await cli.run("sync", "--no-media")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("alice@icebox.test reactions: "), "\(first.stdout)")
        #expect(await server.requestLog().contains { $0.path == "/api/v1/statuses/\(own)/favourited_by" })

        await server.clearRequestLog()
        let again = try await cli.run("sync", "--no-media", "--json")
        #expect(again.status == 0, "\(again.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        let reactions = try #require(summary["reactions"] as? [[String: Any]])
        #expect(reactions.count == 1 && reactions.first?["posts"] as? Int == 0, "\(reactions)")
        let log = await server.requestLog()
        #expect(!log.contains { $0.path.hasSuffix("/favourited_by") })
    }
}
