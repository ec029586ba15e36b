import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox sync` keeps whom each account follows, who follows it, whom it mutes and blocks and which
/// domains it blocks, as a ledger (issue 44): every list equals the server's; a relation that ended on
/// the server between two walks shows when it ended and is listed only with `--all`; a walk within
/// `graph-every` asks nothing.
@Suite(.serialized) struct RelationLedgerCLITests {
    private func listed(_ cli: CLI, _ kind: String, _ extra: String...) async throws -> [[String: Any]] {
        let result = try await cli.run(["account", kind, "--json"] + extra)
        #expect(result.status == 0, "\(kind): \(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private func handles(_ records: [[String: Any]]) -> [String] {
        records.compactMap { $0["acct"] as? String }.sorted()
    }

    @Test func everyListEqualsTheServersAndEndedRelationsKeepTheirEnd() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        let snapshot = await server.snapshot()
        let others = snapshot.localUsernames.filter { $0 != "alice" } + snapshot.remoteAccts
        #expect(others.count >= 5)
        await server.setMuting("alice", others[0], true)
        await server.setBlocking("alice", others[1], true)
        await server.setBlocking("alice", others[2], true)
        await server.setDomainBlocks("alice", ["spam.example", "Noise.Example"])
        await server.setFollowing(others[3], "alice", true)
        // One account alice does not follow yet, to follow between two syncs.
        let later = others[4]
        await server.setFollowing("alice", later, false)

        let cli = try await CLI.syncingHome(of: server)
        let following = await server.relationHandles("alice", .following)
        #expect(!following.isEmpty)
        #expect(handles(try await listed(cli, "following")) == following)
        #expect(handles(try await listed(cli, "followers")) == (await server.relationHandles("alice", .followers)))
        #expect(handles(try await listed(cli, "mutes")) == (await server.relationHandles("alice", .mutes)))
        #expect(handles(try await listed(cli, "blocks")) == (await server.relationHandles("alice", .blocks)))
        #expect(handles(try await listed(cli, "domain-blocks")) == ["noise.example", "spam.example"])
        let record = try #require(try await listed(cli, "following").first)
        #expect(
            Set(record.keys) == [
                "account", "kind", "acct", "url", "display_name", "since", "last_seen_at", "ended_at",
                "showing_reblogs", "notifying", "languages",
            ])
        #expect(record["account"] as? String == "alice@icebox.test" && record["ended_at"] is NSNull)

        // Within `graph-every` (a day by default) a second sync asks nothing about relations.
        await server.clearRequestLog()
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let asked = await server.requestLog().map(\.path)
        #expect(!asked.contains { $0.hasSuffix("/following") || $0.hasSuffix("/followers") || $0.hasSuffix("blocks") })

        // alice stops following one account and follows another; with walks on every sync, the next
        // sync ends the first and adds the second.
        let dropped = try #require(following.first)
        #expect(await server.setFollowing("alice", dropped, false))
        #expect(await server.setFollowing("alice", later, true))
        #expect(try await cli.run("config", "graph-every", "0").status == 0)
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let now = await server.relationHandles("alice", .following)
        #expect(!now.contains(dropped))
        #expect(handles(try await listed(cli, "following")) == now)
        let all = try await listed(cli, "following", "--all")
        let ended = all.filter { !($0["ended_at"] is NSNull) }
        #expect(handles(ended) == [dropped], "\(all)")
        #expect(handles(all).count == now.count + 1)
        // stats counts the ledger by kind: what holds, and what ended.
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(try await cli.run("stats", "--json").stdout.utf8))
                as? [String: Any])
        let counted = try #require(stats["relations"] as? [[String: Any]])
        let followingCount = try #require(counted.first { $0["kind"] as? String == "following" })
        #expect(followingCount["holding"] as? Int == now.count && followingCount["ended"] as? Int == 1, "\(counted)")
        #expect(try await cli.run("stats").stdout.contains(", following \(now.count) (1 ended)"))

        // The ledger in the other outputs: CSV has the JSON's fields; the plain list says when it ended.
        let csv = try await cli.run("account", "following", "--all", "--csv")
        #expect(
            csv.stdout.hasPrefix(
                "account,kind,acct,url,display_name,since,last_seen_at,ended_at,showing_reblogs,notifying,languages\n"),
            "\(csv.stdout)")
        let plain = try await cli.run("account", "following", "alice@icebox.test", "--all")
        #expect(
            plain.stdout.split(separator: "\n").contains { $0.hasPrefix(dropped + "\t") && $0.contains("\tended ") })

        // Switched off, a sync asks nothing and what was archived stays.
        #expect(try await cli.run("config", "graph", "off").status == 0)
        await server.clearRequestLog()
        #expect(try await cli.run("sync", "--quiet").status == 0)
        #expect(!(await server.requestLog()).contains { $0.path.hasSuffix("/following") })
        #expect(handles(try await listed(cli, "following")) == now)

        // Moving on: the account's export holds the CSVs a new server's import page takes, as Mastodon
        // writes them.
        let zip = cli.home.url.appending(path: "alice.zip").path
        let exported = try await cli.run("export", "account", "-o", zip)
        #expect(exported.status == 0, "\(exported.stderr)")
        func file(_ name: String) async throws -> String {
            try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-p", zip, name]).stdout
        }
        #expect(
            try await file("following_accounts.csv")
                == "Account address,Show boosts,Notify on new posts,Languages\n"
                + now.map { "\($0),true,false,\n" }.joined())
        let muted = await server.relationHandles("alice", .mutes)
        #expect(
            try await file("muted_accounts.csv") == "Account address,Hide notifications\n"
                + muted.map { "\($0),true\n" }.joined())
        let blocked = await server.relationHandles("alice", .blocks)
        #expect(try await file("blocked_accounts.csv") == blocked.map { "\($0)\n" }.joined())
        #expect(try await file("blocked_domains.csv") == "noise.example\nspam.example\n")
    }

    /// A walk that cannot have read the whole list ends nothing: pages that lead back to one already
    /// read, or an entry that is no account. What was archived stays, and the run still succeeds.
    enum Misbehaviour: CaseIterable, Sendable { case pagesLoop, junkEntry }

    @Test(arguments: Misbehaviour.allCases)
    func aWalkThatCannotBeWholeEndsNothing(_ misbehaviour: Misbehaviour) async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server)
        let before = handles(try await listed(cli, "following"))
        #expect(before == (await server.relationHandles("alice", .following)) && !before.isEmpty)

        let dropped = try #require(before.first)
        #expect(await server.setFollowing("alice", dropped, false))
        var quirks = Quirks()
        switch misbehaviour {
        case .pagesLoop: quirks.relationPagesLoop = true
        case .junkEntry: quirks.relationJunkEntry = true
        }
        await server.setQuirks(quirks)
        #expect(try await cli.run("config", "graph-every", "0").status == 0)
        let synced = try await cli.run("sync", "--json")
        #expect(synced.status == 0, "\(synced.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(synced.stdout.utf8)) as? [String: Any])
        let walks = try #require(report["relations"] as? [[String: Any]])
        let following = try #require(walks.first { $0["kind"] as? String == "following" })
        #expect(following["ended"] as? Int == 0, "\(following)")
        // The loop is seen at the first page that leads back, not after the run's page limit.
        #expect((following["pages"] as? Int ?? 99) <= 2, "\(following)")
        #expect(handles(try await listed(cli, "following")) == before, "nothing ended: \(dropped) is still listed")
        #expect(handles(try await listed(cli, "following", "--all")) == before)
    }

    /// A walk of many pages (1,000 followers, 80 a page) keeps every one, and a second sync within
    /// `graph-every` asks for none of them again.
    @Test func aWalkOfManyPagesKeepsEveryFollower() async throws {
        var config = TestServerConfig()
        config.statusCount = 10
        config.homeShare = 1
        config.fanCount = 1000
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server)
        let expected = await server.relationHandles("alice", .followers)
        #expect(expected.count > 1000)
        #expect(handles(try await listed(cli, "followers")) == expected)
        let pages = await server.requestLog().filter { $0.path.hasSuffix("/followers") }.count
        #expect(pages >= 13, "1,000 followers at 80 a page: \(pages) pages")
        await server.clearRequestLog()
        #expect(try await cli.run("sync", "--quiet").status == 0)
        #expect(!(await server.requestLog()).contains { $0.path.hasSuffix("/followers") })
    }

    /// A server speaks for the accounts it was asked about: a `relationships` answer about another
    /// account (with a note the user never wrote) is not kept.
    @Test func aRelationshipOfAnAccountNotAskedIsNotKept() async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        config.homeShare = 1
        config.fanCount = 1  // fan1@fans.example: followed by no one, so never asked about
        config.quirks.relationshipOfUnasked = true
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server)
        let asked = await server.requestLog().filter { $0.path == "/api/v1/accounts/relationships" }
        #expect(!asked.isEmpty, "the walk of notes asked the server")
        let notes = try await listed(cli, "notes")
        #expect(!notes.contains { ($0["acct"] as? String)?.hasPrefix("fan1@") == true }, "\(notes)")
        #expect(!notes.contains { $0["note"] as? String == "planted by the server" }, "\(notes)")
    }
}
