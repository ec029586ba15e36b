import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// What `search` and `sync --json` say about what really happened: a post its server deleted is marked
/// as such in every format, and a sync counts each request it sent.
@Suite(.serialized) struct DeletedAndCountedTests {
    /// Syncs alice's home, deletes one of her server's posts there, then rechecks (after `config
    /// deletions` is set to `deletions` when given); returns the CLI and the deleted post's number.
    static func deletingAPost(of server: TestServer, deletions: String? = nil) async throws -> (CLI, Int) {
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let listed = try await cli.run("search", "--json", "--all", "--limit", "1000", "-is:reply")
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        // A post of the account's own server, which the recheck asks.
        let victim = try #require(
            hits.first { $0["id"] is String && ($0["acct"] as? String)?.hasSuffix("@icebox.test") == true })
        let number = try #require(victim["number"] as? Int)
        #expect(await server.deleteStatus(id: try #require(victim["id"] as? String)))
        if let deletions { #expect(try await cli.run("config", "deletions", deletions).status == 0) }
        let recheck = try await cli.run("sync", "--quiet", "--no-media", "--recheck=36500")
        #expect(recheck.status == 0, "\(recheck.stderr)")
        return (cli, number)
    }

    @Test func searchMarksAPostItsServerDeletedInJSONAndText() async throws {
        let server = try await TestServer.startHome(statuses: 30)
        defer { Task { await server.stop() } }
        let (cli, number) = try await Self.deletingAPost(of: server)

        let after = try await cli.run("search", "--json", "--all", "--limit", "1000", "-is:reply")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        #expect(records.allSatisfy { $0.keys.contains("gone_at") }, "gone_at in every record, null when not gone")
        let gone = records.filter { !($0["gone_at"] is NSNull) }
        #expect(gone.map { $0["number"] as? Int } == [number], "\(gone)")
        #expect((gone.first?["gone_at"] as? String)?.hasPrefix("20") == true)
        let line = try await cli.run("search", "--jsonl", "--all", "--limit", "1000", "-is:reply").stdout
        #expect(line.contains("\"gone_at\":\"20"))

        let text = try await cli.run("search", "--all", "--limit", "1000", "-is:reply").stdout
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("[\(number)] ") })
        #expect(heading.contains("[deleted 20"), "\(heading)")
        #expect(text.components(separatedBy: "[deleted ").count == 2, "only the deleted post is marked")
    }

    /// A redacted post is listed with a mark where its words were, never as a blank line (old #21).
    @Test func searchListsARedactedPostWithAMarkNotABlankLine() async throws {
        let server = try await TestServer.startHome(statuses: 30)
        defer { Task { await server.stop() } }
        let (cli, number) = try await Self.deletingAPost(of: server, deletions: "redact")

        let text = try await cli.run("search", "--all", "--limit", "1000", "-is:reply").stdout
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let at = try #require(lines.firstIndex { $0.hasPrefix("[\(number)] ") })
        #expect(lines[at].contains("[redacted]"), "\(lines[at])")
        #expect(lines[at + 1].contains("[redacted: its text and media were removed"), "\(lines[at + 1])")
        let after = try await cli.run("search", "--json", "--all", "--limit", "1000", "-is:reply")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        let redacted = records.filter { $0["redacted_at"] is String }
        #expect(redacted.map { $0["number"] as? Int } == [number], "\(redacted)")
    }

    @Test func syncCountsEveryRequestSentRetriesIncluded() async throws {
        let server = try await TestServer.startWithFailingHome { $0.unavailableRate = 1 }
        defer { Task { await server.stop() } }
        let cli = try await CLI.pinningHome(of: server)
        await server.clearRequestLog()
        let result = try await cli.run("sync", "--json", "--no-media", "--retries", "2")
        #expect(result.status == 1)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let timeline = try #require((summary["timelines"] as? [[String: Any]])?.first)
        let sent = await server.requestLog().filter { $0.path == "/api/v1/timelines/home" }.count
        #expect(sent == 3, "one request and two retries")
        #expect(timeline["requests"] as? Int == sent, "\(timeline)")
    }
}
