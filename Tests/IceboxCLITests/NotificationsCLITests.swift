import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox timeline add notifications` keeps every notification the server sends (issue 44), of every
/// type (one no client knows yet, one whose status cannot be read too), each object byte for byte, and
/// `icebox notifications` lists them: every record equals the server's object, a second sync asks only
/// for newer ones, `--type` and `--since` filter, and a name a server sent reaches no terminal raw.
@Suite(.serialized) struct NotificationsCLITests {
    /// Every type Mastodon sends (app/models/notification.rb, 4.5) and one it may send later.
    static let withStatus = ["mention", "status", "reblog", "favourite", "poll", "update", "quote", "future.kind"]
    static let withoutStatus = [
        "follow", "follow_request", "severed_relationships", "moderation_warning", "admin.sign_up", "admin.report",
        "annual_report",
    ]

    private func records(_ cli: CLI, _ extra: String...) async throws -> [[String: Any]] {
        let result = try await cli.run(["notifications", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private func objects(_ server: TestServer) async throws -> [[String: Any]] {
        try await server.notificationObjects("alice").map {
            try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
        }
    }

    @Test func everyTypeIsKeptWholeAndListedAsTheServerSentIt() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        let snapshot = await server.snapshot()
        let others = snapshot.localUsernames.filter { $0 != "alice" }
        let hostile = try #require(others.first)
        #expect(await server.setDisplayName("\u{1B}]0;owned\u{07}Evil\u{1B}[2J\u{9B}31m", username: hostile))
        let own = try #require(await server.addStatus(username: "alice", text: "a post of alice's"))
        var added: [String: String] = [:]  // id → type
        for type in Self.withStatus {
            added[try #require(await server.addNotification(to: "alice", type: type, from: hostile, statusID: own))] =
                type
        }
        for type in Self.withoutStatus {
            added[try #require(await server.addNotification(to: "alice", type: type, from: others[1]))] = type
        }
        let broken = try #require(
            await server.addNotification(
                to: "alice", type: "favourite", from: others[1], statusID: own, brokenStatus: true))

        let cli = try await CLI.syncingHome(of: server)
        #expect(try await cli.run("timeline", "add", "notifications").status == 0)
        let synced = try await cli.run("sync", "--quiet")
        #expect(synced.status == 0, "\(synced.stderr)")

        // Every record is the server's object, in the server's order (newest first).
        let served = try await objects(server)
        let listed = try await records(cli)
        #expect(listed.count == served.count && served.count >= Self.withStatus.count + Self.withoutStatus.count + 1)
        #expect(listed.map { $0["id"] as? String } == served.map { $0["id"] as? String })
        #expect(listed.map { $0["type"] as? String } == served.map { $0["type"] as? String })
        #expect(listed.map { $0["created_at"] as? String } == served.map { $0["created_at"] as? String })
        let senders = served.map { object in
            ((object["account"] as? [String: Any])?["acct"] as? String).map {
                $0.contains("@") ? $0 : "\($0)@icebox.test"
            }
        }
        #expect(listed.map { $0["acct"] as? String } == senders)
        #expect(listed.allSatisfy { $0["account"] as? String == "alice@icebox.test" })
        #expect(Set(listed.compactMap { $0["type"] as? String }).isSuperset(of: Self.withStatus + Self.withoutStatus))
        let ours = listed.filter { added[$0["id"] as? String ?? ""] != nil }
        #expect(ours.count == added.count)
        for record in ours {
            let type = try #require(record["type"] as? String)
            #expect(type == added[record["id"] as? String ?? ""])
            if Self.withStatus.contains(type) {
                #expect((record["status_uri"] as? String)?.hasSuffix("/statuses/\(own)") == true, "\(record)")
            } else {
                #expect(record["status_uri"] is NSNull, "\(record)")
            }
        }
        // The one whose status cannot be read is kept too, and its status kept unreadable.
        #expect(listed.contains { $0["id"] as? String == broken && $0["status_uri"] is String })
        let unreadable = try await cli.run("unreadable", "--json", "--all")
        let kept = try #require(
            try JSONSerialization.jsonObject(with: Data(unreadable.stdout.utf8)) as? [[String: Any]])
        #expect(kept.contains { $0["local_id"] as? String == own }, "\(unreadable.stdout)")

        // `--raw`: the objects as the server sent them, byte for byte but for the hidden controls a
        // server may leave raw in a string (the hostile name's), escaped to the same characters.
        let raw = try await cli.run("notifications", "--raw")
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(raw.stdout.utf8)) as? [[String: Any]])
        #expect((printed as NSArray).isEqual(to: served))
        let verbatim = await server.notificationObjects("alice").map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.contains("Evil") }
        #expect(
            !verbatim.isEmpty
                && verbatim.allSatisfy {
                    raw.stdout.contains("\n" + $0 + "\n") || raw.stdout.contains("\n" + $0 + ",\n")
                })
        #expect(!raw.stdout.unicodeScalars.contains("\u{9B}"))

        // `--type` and `--since`, and the counts of `stats`.
        let picked = try await records(cli, "--type", "follow", "--type", "future.kind")
        #expect(Set(picked.compactMap { $0["type"] as? String }) == ["follow", "future.kind"])
        #expect(picked.count == served.filter { ["follow", "future.kind"].contains($0["type"] as? String) }.count)
        #expect(try await records(cli, "--since", "2999-01-01").isEmpty)
        #expect(try await records(cli, "alice@icebox.test", "--since", "2000-01-01").count == served.count)
        let stats = try await cli.run("stats", "--json")
        let totals = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let counts = try #require(totals["notifications"] as? [[String: Any]])
        var expected: [String: Int] = [:]
        for object in served { expected[object["type"] as? String ?? "", default: 0] += 1 }
        #expect(
            Dictionary(uniqueKeysWithValues: counts.map { ($0["type"] as? String ?? "", $0["count"] as? Int ?? 0) })
                == expected)

        // Text output: the name the server sent, stripped of its control sequences.
        let plain = try await cli.run("notifications", "--type", "mention")
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("Evil") && plain.stdout.contains("mention\t\(hostile)@icebox.test"))
        #expect(!plain.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" })
        let csv = try await cli.run("notifications", "--csv")
        #expect(csv.stdout.hasPrefix("account,id,type,created_at,acct,display_name,status_uri,status_url\n"))

        // A second sync asks only for what is newer than the newest kept, and keeps it.
        let newest = try #require(served.first?["id"] as? String)
        let later = try #require(
            await server.addNotification(to: "alice", type: "reblog", from: others[1], statusID: own))
        await server.clearRequestLog()
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let asked = await server.requestLog().to("/api/v1/notifications")
        #expect(!asked.isEmpty && asked.allSatisfy { $0.value("max_id") == nil }, "\(asked.map(\.query))")
        #expect(asked.first?.value("min_id") == newest)
        let after = try await records(cli)
        #expect(after.count == served.count + 1 && after.first?["id"] as? String == later)
        #expect(after.map { $0["id"] as? String } == (try await objects(server)).map { $0["id"] as? String })
    }
}
