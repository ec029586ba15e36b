import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Search and exports of sets leave out accounts that opted out of search, except what the user
/// bookmarked (and the rest of Mastodon's own exceptions); `--all` and the archive's setting switch it
/// off; an account that opts back in is honoured once a sync sees it again.
@Suite(.serialized) struct ConsentCLITests {
    /// The numbers (`[N]`) and uris `search --json` prints.
    static func uris(_ result: CommandResult) -> Set<String> {
        let objects = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return Set(objects.compactMap { $0["uri"] as? String })
    }

    /// The local account (not alice) with the most posts (not boosts) in alice's home, and those posts
    /// as alice is served them (id → JSON).
    static func busiestAuthor(_ server: TestServer) async throws -> (String, [String: [String: Any]]) {
        var byAuthor: [String: [String: [String: Any]]] = [:]
        for id in await server.timelineIDs(.home("alice")) {
            var request = URLRequest(url: server.url("/api/v1/statuses/\(id)"))
            request.setValue("Bearer test-token", forHTTPHeaderField: "Authorization")
            let (data, _) = try await URLSession.shared.data(for: request)
            guard let status = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                status["reblog"] is NSNull,
                let acct = (status["account"] as? [String: Any])?["acct"] as? String, !acct.contains("@"),
                acct != "alice"
            else { continue }
            byAuthor[acct, default: [:]][id] = status
        }
        return try #require(byAuthor.max { $0.value.count < $1.value.count })
    }

    /// Whether alice may find a post of someone who opted out, from its JSON as she is served it: she
    /// bookmarked, favourited or boosted it, or it mentions her.
    static func isAliceException(_ status: [String: Any]) -> Bool {
        ["bookmarked", "favourited", "reblogged"].contains { status[$0] as? Bool == true }
            || (status["mentions"] as? [[String: Any]] ?? []).contains { $0["acct"] as? String == "alice" }
    }

    @Test func optedOutAuthorsAreLeftOutUnlessBookmarkedOrAskedFor() async throws {
        let server = try await TestServer.startHome(statuses: 120)
        defer { Task { await server.stop() } }
        let (author, posts) = try await Self.busiestAuthor(server)
        #expect(await server.setSearchOptOut(username: author, indexable: false))
        // Posts alice has nothing to do with: one of them she now bookmarks.
        let unrelated = posts.filter { !Self.isAliceException($0.value) }.keys.sorted()
        #expect(unrelated.count >= 3, "\(author) has posts alice has nothing to do with")
        let marked = unrelated[1]
        _ = await server.bookmark(statusID: marked, username: "alice")
        let exceptions = Set(posts.filter { Self.isAliceException($0.value) || $0.key == marked }.keys)
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        #expect(try await cli.run("timeline", "add", "bookmarks").status == 0)
        #expect(try await cli.run("sync", "--quiet", "--no-media").status == 0)

        let everyone = Self.uris(try await cli.run("search", "--json", "--all", "from:@\(author)"))
        #expect(everyone.count == posts.count, "--all: every post of \(author)")
        let allowed = everyone.filter { uri in exceptions.contains { uri.hasSuffix("/\($0)") } }
        #expect(allowed.count == exceptions.count && allowed.contains { $0.hasSuffix("/\(marked)") })
        let byDefault = try await cli.run("search", "--json", "from:@\(author)")
        #expect(
            Self.uris(byDefault) == allowed, "by default only the posts alice bookmarked, favourited, was mentioned in…"
        )
        #expect(try await cli.run("search", "--count", "from:@\(author)").stdout == "\(allowed.count)\n")

        // An export of a set honours it too; a tarball read back with tar.
        let exported = cli.home.url.appending(path: "author.tar.gz")
        #expect(try await cli.run("export", "search", "-o", exported.path, "from:@\(author)").status == 0)
        #expect(Set(Tarball.uris(try await Tarball.threadJSON(exported))) == allowed)
        let all = cli.home.url.appending(path: "all.tar.gz")
        #expect(try await cli.run("export", "search", "--all", "-o", all.path, "from:@\(author)").status == 0)
        #expect(Set(Tarball.uris(try await Tarball.threadJSON(all))) == everyone)
        let home = cli.home.url.appending(path: "home.tar.gz")
        #expect(try await cli.run("export", "timeline", "-o", home.path, "home").status == 0)
        let homeURIs = Set(Tarball.uris(try await Tarball.threadJSON(home)))
        #expect(homeURIs.intersection(everyone) == allowed, "a timeline export leaves them out as well")

        // The archive's setting switches the policy off, and on again.
        #expect(try await cli.run("config", "search-consent").stdout == "on\n")
        #expect(try await cli.run("config", "search-consent", "off").status == 0)
        #expect(Self.uris(try await cli.run("search", "--json", "from:@\(author)")) == everyone)
        #expect(try await cli.run("config", "search-consent", "on").status == 0)
        #expect(Self.uris(try await cli.run("search", "--json", "from:@\(author)")) == allowed)

        // The account opts back in: the next sync that sees it (a new post) honours it.
        #expect(await server.setSearchOptOut(username: author, indexable: true))
        let newID = try #require(await server.addStatus(username: author, text: "Back in the index"))
        #expect(try await cli.run("sync", "--quiet", "--no-media").status == 0)
        let after = Self.uris(try await cli.run("search", "--json", "from:@\(author)"))
        #expect(
            after.count == posts.count + 1 && after.isSuperset(of: everyone)
                && after.contains { $0.hasSuffix("/\(newID)") })
    }

    @Test func aBioHashtagOptsOutAsWell() async throws {
        let server = try await TestServer.startHome(statuses: 80)
        defer { Task { await server.stop() } }
        let (author, posts) = try await Self.busiestAuthor(server)
        let bio =
            #"<p>Photos. <a href="https://icebox.test/tags/NoBot" class="mention hashtag" rel="tag">#<span>NoBot</span></a></p>"#
        #expect(await server.setSearchOptOut(username: author, indexable: true, note: bio))
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let allowed = posts.filter { Self.isAliceException($0.value) }.count
        #expect(posts.count > allowed)
        #expect(Self.uris(try await cli.run("search", "--json", "from:@\(author)")).count == allowed)
        #expect(Self.uris(try await cli.run("search", "--json", "--all", "from:@\(author)")).count == posts.count)
    }
}
