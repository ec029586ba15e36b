import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// One consent rule for every view (m3 and P20 of NEWUSER-2026-11-29): a search that shows some matches
/// says how many it hid, an export says how many it left out, and `export account` of an author who
/// opted out exports what a search of them finds, not everything without a word.
@Suite(.serialized) struct ConsentEveryViewTests {
    @Test func everyViewLeavesOutTheSamePostsAndSaysHowMany() async throws {
        let server = try await TestServer.startHome(statuses: 120)
        defer { Task { await server.stop() } }
        let (author, posts) = try await ConsentCLITests.busiestAuthor(server)
        #expect(await server.setSearchOptOut(username: author, indexable: false))
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let everyone = try await cli.run("search", "--json", "--all", "--limit", "1000", "from:@\(author)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(everyone.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == posts.count)
        let handle = try #require(records.first?["acct"] as? String)
        let allowed = ConsentCLITests.uris(try await cli.run("search", "--json", "--limit", "1000", "from:@\(author)"))
        let hidden = posts.count - allowed.count
        #expect(hidden > 0, "\(author) has posts alice has nothing to do with")

        // A search that shows some matches says how many more it hid, whatever the format.
        let note = "\(hidden) match\(hidden == 1 ? " is" : "es are") hidden because"
        for arguments in [["search", "in:home"], ["search", "--count", "in:home"], ["search", "--json", "in:home"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 0 && result.stderr.contains(note), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--all shows them"))
        }
        #expect(!(try await cli.run("search", "--all", "in:home")).stderr.contains("hidden because"))

        // An export of a set says how many consent left out.
        let home = cli.home.url.appending(path: "home.tar.gz")
        let exported = try await cli.run("export", "timeline", "home", "-o", home.path)
        #expect(
            exported.status == 0 && exported.stderr.contains("\(hidden) more statuses were left out"),
            "\(exported.stderr)")
        let searched = try await cli.run("export", "search", "-o", home.path, "from:@\(author)")
        #expect(searched.stderr.contains("\(hidden) more statuses were left out"), "\(searched.stderr)")

        // `export account` of the author follows the same rule, and says so.
        let zip = cli.home.url.appending(path: "author.zip")
        let account = try await cli.run("export", "account", handle, "-o", zip.path)
        if allowed.isEmpty {
            #expect(account.status != 0 && account.stderr.contains("opted out of search"), "\(account.stderr)")
        } else {
            #expect(account.status == 0, "\(account.stderr)")
            #expect(account.stderr.contains("Exported \(allowed.count) posts of \(handle)"), "\(account.stderr)")
            #expect(account.stderr.contains("\(hidden) more statuses were left out"), "\(account.stderr)")
        }
        let all = try await cli.run("export", "account", handle, "--all", "-o", zip.path)
        #expect(all.status == 0 && all.stderr.contains("Exported \(posts.count) posts of \(handle)"), "\(all.stderr)")
    }
}
