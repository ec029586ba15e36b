import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox account profile` shows a profile as the archive keeps it, and `--versions` every version with
/// when it was first and last seen (issue 44): a profile changed on the server between two syncs is a
/// new version, and the newest is the current one.
@Suite struct ProfileVersionsCLITests {
    private func versions(_ cli: CLI, _ arguments: String...) async throws -> [[String: Any]] {
        let result = try await cli.run(["account", "profile", "--json"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aProfileChangedBetweenSyncsIsANewVersionAndTheNewestIsCurrent() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        #expect(await server.addStatus(username: "alice", text: "kites at dawn", spoilerText: "") != nil)
        let cli = try await CLI.syncingHome(of: server)
        let first = try await versions(cli, "--versions")
        #expect(first.count == 1, "one profile seen so far")
        #expect(first.first?["acct"] as? String == "alice@icebox.test" && first.first?["current"] as? Bool == true)
        let before = try #require(first.first?["display_name"] as? String)

        #expect(await server.setDisplayName("Alice Kites", username: "alice"))
        #expect(await server.addStatus(username: "alice", text: "kites at noon", spoilerText: "") != nil)
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let all = try await versions(cli, "--versions")
        #expect(all.compactMap { $0["display_name"] as? String } == [before, "Alice Kites"])
        #expect(all.compactMap { $0["current"] as? Bool } == [false, true])
        #expect(all.allSatisfy { $0["first_seen_at"] is String && $0["last_seen_at"] is String })
        // Without --versions, the current one; named by handle, the same.
        #expect(try await versions(cli).compactMap { $0["display_name"] as? String } == ["Alice Kites"])
        #expect(try await versions(cli, "@alice@icebox.test").count == 1)
        let text = try await cli.run("account", "profile", "--versions")
        #expect(text.status == 0 && text.stdout.contains("Alice Kites\tcurrent") && text.stdout.contains(before))
    }

    @Test func anAuthorTheArchiveDoesNotKeepIsAClearFailure() async throws {
        let server = try await TestServer.startHome(statuses: 3)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server)
        let result = try await cli.run("account", "profile", "nobody@nowhere.example")
        #expect(result.status != 0)
        #expect(result.stderr.contains("no profile of nobody@nowhere.example"))
        #expect(result.stdout.isEmpty)
    }
}
