import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox import mastodon-export` of the CSVs of Mastodon's Import and export page (issue 44): what
/// `icebox export account` writes reads back, into a new archive, as claims of those files, equal to the
/// relations exported and listed with `--claims`, never mixed with what a server confirmed; a file of no
/// known kind is refused by name; bad rows are skipped and counted, the good ones kept.
@Suite(.serialized) struct MastodonCSVImportCLITests {
    private func listed(_ cli: CLI, _ arguments: String...) async throws -> [[String: Any]] {
        let result = try await cli.run(["account"] + arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// A record's relation: the account, and the settings a file can carry.
    private func relations(_ records: [[String: Any]]) -> [String] {
        records.map { record in
            let languages = (record["languages"] as? [String])?.joined(separator: "+") ?? "-"
            return ["acct", "showing_reblogs", "notifying"].map { "\(record[$0] ?? "-")" }.joined(separator: " ")
                + " \(languages)"
        }.sorted()
    }

    @Test func anExportsCSVsRoundTripAsClaimsOfTheirFiles() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        let snapshot = await server.snapshot()
        let others = snapshot.localUsernames.filter { $0 != "alice" } + snapshot.remoteAccts
        let following = await server.relationHandles("alice", .following)
        #expect(following.count >= 2 && others.count >= 3)
        #expect(
            await server.setFollowSettings(
                "alice", following[0], showingReblogs: false, notifying: true, languages: ["en", "de"]))
        await server.setMuting("alice", others[0], true)
        await server.setBlocking("alice", others[1], true)
        await server.setDomainBlocks("alice", ["spam.example"])
        #expect(await server.setList("alice", id: "900", title: "=Work, \"team\"", members: Array(following.prefix(2))))
        let ids = await server.timelineIDs(.local)
        for id in ids.prefix(2) { #expect(await server.bookmark(statusID: id, username: "alice") != nil) }

        let source = try await CLI.syncingHome(of: server)
        #expect(try await source.run("timeline", "add", "bookmarks").status == 0)
        #expect(try await source.run("sync", "--quiet").status == 0)
        let zip = source.home.url.appending(path: "alice.zip").path
        let exported = try await source.run("export", "account", "-o", zip)
        #expect(exported.status == 0, "\(exported.stderr)")
        let folder = try TemporaryDirectory("icebox-csvs")
        let names = [
            "following_accounts.csv", "muted_accounts.csv", "blocked_accounts.csv", "blocked_domains.csv", "lists.csv",
            "bookmarks.csv",
        ]
        let unzipped = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/unzip"), ["-q", zip] + names + ["-d", folder.url.path])
        #expect(unzipped.status == 0, "\(unzipped.stderr)")

        // A new archive with alice's account and nothing synced: the folder of CSVs reads in as claims.
        let fresh = try await CLI.pinningHome(of: server)
        let imported = try await fresh.run("import", "mastodon-export", folder.url.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let bookmarks = try String(contentsOf: folder.url.appending(path: "bookmarks.csv"), encoding: .utf8)
            .split(separator: "\n").count
        #expect(bookmarks >= 2)
        #expect(
            imported.stderr.contains(
                ":bookmarks.csv: \(bookmarks) bookmarks claimed for alice@icebox.test (\(bookmarks) new)"),
            "\(imported.stderr)")
        for (command, kind) in [
            ("following", "following"), ("mutes", "mutes"), ("blocks", "blocks"), ("domain-blocks", "domain_blocks"),
        ] {
            let claimed = try await listed(fresh, command, "--claims")
            let exportedRelations = try await listed(source, command)
            #expect(!claimed.isEmpty, "\(command)")
            if command == "following" {
                #expect(
                    relations(claimed)
                        == relations(
                            exportedRelations.map { record in
                                // A follow whose settings were never asked is written with Mastodon's defaults.
                                var record = record
                                if record["showing_reblogs"] is NSNull {
                                    record["showing_reblogs"] = true
                                    record["notifying"] = false
                                }
                                return record
                            }))
            } else {
                #expect(
                    claimed.compactMap { $0["acct"] as? String }.sorted()
                        == exportedRelations.compactMap { $0["acct"] as? String }.sorted(), "\(command)")
            }
            #expect(
                claimed.allSatisfy {
                    $0["kind"] as? String == kind && ($0["claimed_by"] as? String)?.hasSuffix(".csv") == true
                })
            // Never mixed with what a server confirmed: the ledger of the new archive is empty.
            #expect(try await listed(fresh, command).isEmpty, "\(command)")
        }
        let members = try await listed(fresh, "lists", "--claims")
        let sourceLists = try await listed(source, "lists")
        let sourceMembers = sourceLists.flatMap { list in
            (list["members"] as? [[String: Any]] ?? []).map { "\(list["title"] ?? "") \($0["acct"] ?? "")" }
        }
        #expect(members.map { "\($0["list"] ?? "") \($0["acct"] ?? "")" }.sorted() == sourceMembers.sorted())
        #expect(members.contains { $0["list"] as? String == "=Work, \"team\"" }, "a formula-like title is kept as data")
        let text = try await fresh.run("account", "following", "--claims")
        #expect(text.stdout.contains(":following_accounts.csv, line 2\n"), "\(text.stdout)")

        // The same files again, one by itself and inside the ZIP beside the archive's JSON: nothing new.
        let before = try await listed(fresh, "following", "--claims")
        let again = try await fresh.run(
            "import", "mastodon-export", folder.url.appending(path: "following_accounts.csv").path)
        #expect(again.status == 0 && again.stderr.contains("(0 new)"), "\(again.stderr)")
        let whole = try await fresh.run("import", "mastodon-export", zip)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stderr.contains("alice.zip:following_accounts.csv: "), "\(whole.stderr)")
        #expect(
            whole.stderr.split(separator: "\n").filter { $0.contains(" claimed for ") }.allSatisfy {
                $0.hasSuffix("(0 new)")
            }, "\(whole.stderr)")
        #expect(relations(try await listed(fresh, "following", "--claims")) == relations(before))

        // alice's export speaks for alice alone: into an archive whose only account is another, her posts
        // are imported and her CSVs are not claimed for that account, which stderr says.
        var elsewhere = TestServerConfig()
        elsewhere.statusCount = 3
        elsewhere.domain = "other.test"
        let other = try await TestServer.start(elsewhere)
        defer { Task { await other.stop() } }
        let stranger = try CLI()
        let added = try await stranger.run(
            "account", "add", other.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
        #expect(added.status == 0, "\(added.stderr)")
        let intoOther = try await stranger.run("import", "mastodon-export", zip)
        #expect(intoOther.status == 0, "\(intoOther.stderr)")
        #expect(
            intoOther.stderr.contains("not kept: they are alice@icebox.test's relations"), "\(intoOther.stderr)")
        #expect(try await listed(stranger, "following", "--claims").isEmpty)
    }

    @Test func badFilesAreRefusedByNameAndBadRowsSkippedBesideGoodOnes() async throws {
        let server = try await TestServer.startHome(statuses: 3)
        defer { Task { await server.stop() } }
        let cli = try await CLI.pinningHome(of: server)
        let folder = try TemporaryDirectory("icebox-bad-csv")
        let unknown = folder.url.appending(path: "contacts.csv")
        try Data("Name,Email\nAda,ada@x.test\n".utf8).write(to: unknown)
        let refused = try await cli.run("import", "mastodon-export", unknown.path)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("contacts.csv") && refused.stderr.contains("Mastodon's CSVs"))

        let huge = String(repeating: "y", count: 200_000)
        let mixed = folder.url.appending(path: "lists.csv")
        try Data("\"=SUM(A1), +x\",a@x.test\nWork,b@x.test,extra\nWork,\(huge)@x.test\n-Work,c@x.test\n".utf8)
            .write(to: mixed)
        let partly = try await cli.run("import", "mastodon-export", mixed.path)
        #expect(partly.status == 0, "\(partly.stderr)")
        #expect(partly.stderr.contains("2 rows skipped"), "\(partly.stderr)")
        #expect(partly.stderr.contains("line 2: 3 columns"), "\(partly.stderr)")
        let members = try await listed(cli, "lists", "--claims")
        #expect(
            members.map { "\($0["list"] ?? "") \($0["acct"] ?? "")" } == ["-Work c@x.test", "=SUM(A1), +x a@x.test"])
        let csv = try await cli.run("account", "lists", "--claims", "--csv")
        #expect(csv.stdout.contains("\"'=SUM(A1), +x\""), "the --csv output neutralises formulas: \(csv.stdout)")

        // The claims belong to an account of the archive: with none, the import says so and stores nothing.
        let empty = try CLI()
        let none = try await empty.run("import", "mastodon-export", mixed.path)
        #expect(none.status == 64 && none.stderr.contains("account add"), "\(none.stderr)")
    }
}
