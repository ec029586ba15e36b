import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// An empty page of search results says why: matches hidden by the consent policy (and `--all`), or an
/// `--offset` past the last match.
@Suite(.serialized) struct SearchHintTests {
    @Test func hiddenMatchesAndAnOffsetPastTheEndSaySo() async throws {
        let server = try await TestServer.startHome(statuses: 80)
        defer { Task { await server.stop() } }
        let (author, _) = try await ConsentCLITests.busiestAuthor(server)
        #expect(await server.setSearchOptOut(username: author, indexable: false))
        let cli = try await CLI.syncingHome(of: server, "--no-media")

        let everyone = try await cli.run("search", "--count", "--all", "from:@\(author)")
        let all = try #require(Int(everyone.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let honoured = try await cli.run("search", "--count", "from:@\(author)")
        let shown = try #require(Int(honoured.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(all > shown, "some of \(author)'s posts are hidden")
        let page = try await cli.run("search", "from:@\(author)", "--offset", String(shown))
        #expect(page.status == 1 && page.stdout.isEmpty)
        #expect(page.stderr.contains("\(all - shown) match") && page.stderr.contains("--all"), "\(page.stderr)")
        #expect(page.stderr.contains("opted out of search"), "\(page.stderr)")
        let json = try await cli.run("search", "--json", "from:@\(author)", "--offset", String(shown))
        #expect(json.status == 1 && json.stderr.contains("--all"), "\(json.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.isEmpty == true)

        let total = try await cli.run("search", "--count", "--all", "-is:reply").stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let past = (Int(total) ?? 0) + 5
        let beyond = try await cli.run("search", "--all", "-is:reply", "--offset", String(past))
        #expect(beyond.status == 1 && beyond.stdout.isEmpty)
        #expect(beyond.stderr.contains("No more matches past \(past) of \(total)"), "\(beyond.stderr)")
        let none = try await cli.run("search", "--all", "zzzqqqxxx")
        #expect(none.stderr == "No matches.\n", "nothing anywhere: no hint")
    }
}
