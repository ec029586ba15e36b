import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `timeline add list:<id>` asks the server whether the list exists; `account lists` shows them as the
/// last sync's walk of the account's lists saw them (issue 44).
@Suite(.serialized) struct ListsCLITests {
    @Test func aListIsCheckedWhenPinnedAndListed() async throws {
        let server = try await TestServer.startHome(statuses: 30)
        defer { Task { await server.stop() } }
        let alices = try #require(await server.snapshot().listIDs["alice"])
        let bobs = try #require(await server.snapshot().listIDs["bob"])
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)

        for missing in ["999", bobs] {
            let refused = try await cli.run("timeline", "add", "list:\(missing)")
            #expect(refused.status == 64, "\(refused.stderr)")
            #expect(
                refused.stderr.contains("has no list \(missing)") && refused.stderr.contains("icebox account lists"),
                "\(refused.stderr)")
        }
        #expect(try await cli.run("timeline", "list").stdout.isEmpty, "nothing pinned")
        let pinned = try await cli.run("timeline", "add", "list:\(alices)")
        #expect(pinned.status == 0 && pinned.stdout.contains("(Friends of alice)"), "\(pinned.stderr)")

        // No walk yet (and with the graph off, none to come): the server is asked, as pinning needs the ids.
        #expect(try await cli.run("config", "graph", "off").status == 0)
        let asked = try await cli.run("account", "lists")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(
            asked.stdout == "list:\(alices)\tFriends of alice\talice@icebox.test\tmembers not walked yet\n",
            "\(asked.stdout)")
        #expect(asked.stderr.contains("Asked the server of alice@icebox.test"), "\(asked.stderr)")
        let askedJSON = try await cli.run("account", "lists", "--json").stdout
        let askedRows = try #require(JSONSerialization.jsonObject(with: Data(askedJSON.utf8)) as? [[String: Any]])
        #expect(askedRows.map { $0["id"] as? String } == [alices] && askedRows.first?["members"] as? [Any] != nil)
        #expect(try await cli.run("config", "graph", "on").status == 0)
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let listed = try await cli.run("account", "lists")
        #expect(listed.status == 0)
        let members = await server.lists("alice")[alices]?.members ?? []
        #expect(
            listed.stdout.split(separator: "\n").first
                == "list:\(alices)\tFriends of alice\talice@icebox.test\t\(members.count) members", "\(listed.stdout)")
        #expect(try await cli.run("account", "lists", "alice@icebox.test").stdout == listed.stdout)
        #expect(try await cli.run("account", "lists", "nobody@nowhere.test").status == 64)

        let json = try await cli.run("account", "lists", "--json").stdout
        let rows = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(
            Set(row.keys) == [
                "account", "id", "title", "replies_policy", "exclusive", "since", "last_seen_at", "ended_at", "members",
            ])
        #expect(row["id"] as? String == alices && row["title"] as? String == "Friends of alice")
    }

    @Test func aRefusedTokenIsNotAMissingList() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        await server.removeToken("test-token")
        let refused = try await cli.run("timeline", "add", "list:1")
        #expect(refused.status == 77, "\(refused.stderr)")
        // Before any walk of the lists, `account lists` asks the server: a refused token says so too.
        #expect(try await cli.run("account", "lists").status == 77)
    }
}
