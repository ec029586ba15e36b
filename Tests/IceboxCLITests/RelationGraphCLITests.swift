import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox sync` keeps the rest of each account's graph (issue 44): whom it endorses, the hashtags it
/// follows and features, its lists with their members, its follows' settings and its private notes.
/// Every listing equals the server's; text a server sent is stripped of control sequences before a
/// terminal and neutralised before a spreadsheet; the export's `lists.csv` and
/// `following_accounts.csv` are written as Mastodon writes them.
@Suite(.serialized) struct RelationGraphCLITests {
    private func listed(_ cli: CLI, _ command: String, _ extra: String...) async throws -> [[String: Any]] {
        let result = try await cli.run(["account", command, "--json"] + extra)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private func accts(_ records: [[String: Any]]) -> [String] {
        records.compactMap { $0["acct"] as? String }.sorted()
    }

    @Test func everyListingEqualsTheServersAndTheExportIsMastodons() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        let following = await server.relationHandles("alice", .following)
        #expect(following.count >= 3)
        let (quiet, noted, other) = (following[0], following[1], following[2])
        await server.setEndorsing("alice", quiet, true)
        await server.setEndorsing("alice", other, true)
        #expect(await server.setTags("alice", followed: ["Swift", "Mastodon"], featured: ["Photography"]))
        #expect(
            await server.setFollowSettings(
                "alice", quiet, showingReblogs: false, notifying: true, languages: ["en", "de"]))
        let hostileNote = "=HYPERLINK(\"x\")\u{1B}[2J met at \u{1B}]0;owned\u{07}FOSDEM"
        #expect(await server.setNote("alice", noted, hostileNote))
        #expect(await server.setNote("alice", other, "plain"))
        let hostileTitle = "=Work\u{1B}[31m, team"
        #expect(await server.setList("alice", id: "900", title: hostileTitle, members: [quiet, noted]))

        let cli = try await CLI.syncingHome(of: server)
        #expect(accts(try await listed(cli, "endorsements")) == (await server.endorsedHandles("alice")))
        let followed = try await listed(cli, "followed-tags")
        #expect(accts(followed) == ["mastodon", "swift"])
        #expect(Set(followed.compactMap { $0["display_name"] as? String }) == ["Mastodon", "Swift"])
        #expect(accts(try await listed(cli, "featured-tags")) == ["photography"])

        // Following carries each follow's settings: the server's where set, Mastodon's defaults elsewhere.
        let follows = try await listed(cli, "following")
        #expect(accts(follows) == following)
        let quietRecord = try #require(follows.first { $0["acct"] as? String == quiet })
        #expect(quietRecord["showing_reblogs"] as? Bool == false && quietRecord["notifying"] as? Bool == true)
        #expect(quietRecord["languages"] as? [String] == ["en", "de"])
        let plainRecord = try #require(follows.first { $0["acct"] as? String == other })
        #expect(plainRecord["showing_reblogs"] as? Bool == true && plainRecord["languages"] is NSNull)

        // Notes, as kept: byte for byte in JSON; stripped in text; neutralised in CSV.
        let notes = try await listed(cli, "notes")
        let serverNotes = await server.notes("alice")
        #expect(
            Dictionary(uniqueKeysWithValues: notes.map { ($0["acct"] as? String ?? "", $0["note"] as? String ?? "") })
                == serverNotes)
        let plainNotes = try await cli.run("account", "notes")
        #expect(
            plainNotes.status == 0 && !plainNotes.stdout.contains("\u{1B}") && !plainNotes.stdout.contains("\u{07}"))
        #expect(plainNotes.stdout.contains("FOSDEM"), "\(plainNotes.stdout)")
        let csvNotes = try await cli.run("account", "notes", "--csv")
        #expect(csvNotes.stdout.hasPrefix("account,kind,acct,url,display_name,since,last_seen_at,ended_at,note\n"))
        #expect(csvNotes.stdout.contains(",\"'=HYPERLINK(\"\"x\"\")"), "\(csvNotes.stdout)")

        // Lists with their members, as the server has them.
        let lists = try await listed(cli, "lists")
        let serverLists = await server.lists("alice")
        #expect(lists.compactMap { $0["id"] as? String }.sorted() == serverLists.keys.sorted())
        for record in lists {
            let id = try #require(record["id"] as? String)
            let members = try #require(record["members"] as? [[String: Any]])
            #expect(record["title"] as? String == serverLists[id]?.title)
            #expect(accts(members) == serverLists[id]?.members, "list \(id)")
        }
        let plainLists = try await cli.run("account", "lists")
        #expect(!plainLists.stdout.contains("\u{1B}") && plainLists.stdout.contains("list:900\t=Work, team"))

        // The export: lists.csv has a row per member, the hostile title stripped of control characters
        // and otherwise as Mastodon's export writes it (no formula neutralised: the new server's list
        // keeps its title); a follow's own settings in following_accounts.csv.
        let zip = cli.home.url.appending(path: "alice.zip").path
        #expect(try await cli.run("export", "account", "-o", zip).status == 0)
        func file(_ name: String) async throws -> String {
            try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-p", zip, name]).stdout
        }
        var expectedLists = ""
        for id in serverLists.keys.sorted(by: { ($0.count, $0) < ($1.count, $1) }) {
            let list = try #require(serverLists[id])
            let title = id == "900" ? "\"=Work, team\"" : list.title
            for member in list.members { expectedLists += "\(title),\(member)\n" }
        }
        #expect(try await file("lists.csv") == expectedLists)
        let followingCSV = try await file("following_accounts.csv")
        #expect(followingCSV.contains("\n\(quiet),false,true,\"en, de\"\n"), "\(followingCSV)")
        #expect(followingCSV.contains("\n\(other),true,false,\n"), "\(followingCSV)")
    }

    @Test func aRenamedListKeepsItsMembersAndOneTakenOffEnds() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let following = await server.relationHandles("alice", .following)
        #expect(await server.setList("alice", id: "900", title: "Work", members: Array(following.prefix(2))))
        #expect(await server.setNote("alice", following[0], "a note"))
        let cli = try await CLI.syncingHome(of: server)
        let before = try #require(try await listed(cli, "lists").first { $0["id"] as? String == "900" })
        let since = try #require(before["since"] as? String)

        #expect(await server.setList("alice", id: "900", title: "Colleagues", members: [following[1]]))
        #expect(await server.setNote("alice", following[0], nil))
        #expect(try await cli.run("config", "graph-every", "0").status == 0)
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let after = try #require(try await listed(cli, "lists").first { $0["id"] as? String == "900" })
        #expect(after["title"] as? String == "Colleagues" && after["since"] as? String == since)
        #expect(accts(after["members"] as? [[String: Any]] ?? []) == [following[1]])
        let all = try #require(try await listed(cli, "lists", "--all").first { $0["id"] as? String == "900" })
        let ended = (all["members"] as? [[String: Any]] ?? []).filter { !($0["ended_at"] is NSNull) }
        #expect(accts(ended) == [following[0]])
        #expect(try await listed(cli, "notes").isEmpty, "a note removed on the server ends")
        #expect(accts(try await listed(cli, "notes", "--all")) == [following[0]])
    }
}
