import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox timeline add conversations` keeps the account's direct-message conversations (issue 44), each
/// object byte for byte (one without a last status, one whose last status cannot be read too), and
/// `icebox conversations` lists them: every record equals the server's object, `--raw` the objects, a
/// conversation with a new last status is updated in place by the next sync, which asks only for what
/// is newer, and `stats` counts them.
@Suite(.serialized) struct ConversationsCLITests {
    private func records(_ cli: CLI, _ extra: String...) async throws -> [[String: Any]] {
        let result = try await cli.run(["conversations", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private func objects(_ server: TestServer) async throws -> [[String: Any]] {
        try await server.conversationObjects("alice").map {
            try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
        }
    }

    @Test func conversationsAreKeptWholeAndUpdatedInPlace() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        let others = (await server.snapshot()).localUsernames.filter { $0 != "alice" }
        let (bob, carol) = (others[0], others[1])
        let first = try #require(
            await server.addStatus(username: bob, text: "psst, alice", visibility: "direct", mentioning: ["alice"]))
        let second = try #require(
            await server.addStatus(
                username: "alice", text: "to you both", visibility: "direct", mentioning: [bob, carol]))
        let third = try #require(
            await server.addStatus(username: carol, text: "gone soon", visibility: "direct", mentioning: ["alice"]))
        let fourth = try #require(await server.addStatus(username: bob, text: "unreadable", visibility: "direct"))
        let withBob = try #require(await server.addConversation(for: "alice", lastStatusID: first, participants: [bob]))
        let withBoth = try #require(
            await server.addConversation(for: "alice", lastStatusID: second, participants: [bob, carol], unread: false))
        let empty = try #require(
            await server.addConversation(for: "alice", lastStatusID: third, participants: [carol], nullStatus: true))
        let broken = try #require(
            await server.addConversation(for: "alice", lastStatusID: fourth, participants: [bob], brokenStatus: true))

        let cli = try await CLI.syncingHome(of: server)
        #expect(try await cli.run("timeline", "add", "conversations").status == 0)
        let synced = try await cli.run("sync", "--quiet")
        #expect(synced.status == 0, "\(synced.stderr)")

        // Every record is the server's object, in the server's order (newest last status first), but for
        // the one whose last status the server sent as null, which Icebox cannot place and lists last.
        let sent = try await objects(server)
        let served = sent.filter { !($0["last_status"] is NSNull) } + sent.filter { $0["last_status"] is NSNull }
        let listed = try await records(cli)
        #expect(served.count == 4)
        #expect(listed.map { $0["id"] as? String } == served.map { $0["id"] as? String })
        #expect(listed.map { $0["id"] as? String } == [broken, withBoth, withBob, empty])
        #expect(listed.map { $0["unread"] as? Bool } == served.map { $0["unread"] as? Bool })
        let participants = served.map { object in
            ((object["accounts"] as? [[String: Any]]) ?? []).compactMap { $0["acct"] as? String }.map {
                $0.contains("@") ? $0 : "\($0)@icebox.test"
            }
        }
        #expect(listed.map { $0["accounts"] as? [String] ?? [] } == participants)
        #expect(listed.allSatisfy { $0["account"] as? String == "alice@icebox.test" })
        let byID = Dictionary(uniqueKeysWithValues: listed.map { ($0["id"] as? String ?? "", $0) })
        #expect((byID[withBob]?["last_status_text"] as? String)?.contains("psst, alice") == true)
        #expect((byID[withBob]?["last_status_uri"] as? String)?.hasSuffix("/statuses/\(first)") == true)
        #expect(byID[withBob]?["last_status_id"] as? String == first)
        #expect(byID[empty]?["last_status_id"] is NSNull && byID[empty]?["last_status_text"] is NSNull)
        #expect((byID[broken]?["last_status_uri"] as? String)?.hasSuffix("/statuses/\(fourth)") == true)
        #expect(byID[broken]?["last_status_text"] is NSNull, "its last status could not be read")
        let unreadable = try await cli.run("unreadable", "--json", "--all")
        #expect(unreadable.stdout.contains(fourth), "\(unreadable.stdout)")

        // `--raw`: the objects as the server sent them; `stats` counts them; CSV has its header.
        let raw = try await cli.run("conversations", "--raw")
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(raw.stdout.utf8)) as? [[String: Any]])
        #expect((printed as NSArray).isEqual(to: served))
        let verbatim = await server.conversationObjects("alice").map { String(decoding: $0, as: UTF8.self) }
        #expect(
            verbatim.count == 4
                && verbatim.allSatisfy {
                    raw.stdout.contains("\n" + $0 + "\n") || raw.stdout.contains("\n" + $0 + ",\n")
                },
            "byte for byte")
        let stats = try await cli.run("stats", "--json")
        let totals = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(totals["conversations"] as? Int == 4)
        let csv = try await cli.run("conversations", "--csv")
        #expect(csv.stdout.hasPrefix("account,id,unread,accounts,last_status_id,"))
        let plain = try await cli.run("conversations")
        #expect(plain.status == 0 && plain.stdout.contains("psst, alice"))

        // A reply in the conversation with bob: the next sync asks only above the newest kept, and
        // updates that conversation in place.
        let reply = try #require(
            await server.addStatus(
                username: "alice", text: "hello bob", inReplyTo: first, visibility: "direct", mentioning: [bob]))
        #expect(await server.updateConversation(withBob, of: "alice", lastStatusID: reply, unread: false))
        await server.clearRequestLog()
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let asked = await server.requestLog().to("/api/v1/conversations")
        #expect(!asked.isEmpty && asked.allSatisfy { $0.value("max_id") == nil }, "\(asked.map(\.query))")
        #expect(asked.first?.value("min_id") == fourth)
        let after = try await records(cli)
        #expect(after.count == 4 && after.first?["id"] as? String == withBob)
        #expect((after.first?["last_status_text"] as? String)?.contains("hello bob") == true)
        #expect(after.first?["unread"] as? Bool == false)
        #expect(after.map { $0["id"] as? String } == [withBob, broken, withBoth, empty])
    }
}
