import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `icebox export` as a person or a script uses it, on an archive built by `icebox sync`.
@Suite(.serialized) struct ExportCLITests {
    @Test func exportThreadSearchAndTimeline() async throws {
        var config = TestServerConfig()
        config.statusCount = 40
        config.homeShare = 1
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let root = try #require(
            await server.addStatus(username: "alice", mediaPaths: ["/media/cli/a.png"], text: "Export root"))
        let reply = try #require(await server.addStatus(username: "bob", text: "Export reply", inReplyTo: root))
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let out = try TemporaryDirectory("icebox-cli-export")

        // A thread, by the reply's URL: the root comes along.
        let file = out.url.appending(path: "thread.tar.gz")
        let url = "https://icebox.test/@bob/\(reply)"
        let exported = try await cli.run("export", "thread", url, "-o", file.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("Exported 2 statuses") && exported.stdout.isEmpty)
        let listing = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/tar"), ["-tzf", file.path])
        #expect(listing.stdout.contains("/thread.json") && listing.stdout.contains("/media/"))

        // -o - writes the same bytes to standard output.
        let piped = out.url.appending(path: "piped.tar.gz")
        let shell = try await CommandRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "\"$0\" export thread \"$1\" -o - --home \"$2\" > \"$3\"", CLI.binary.path, url, cli.home.path,
                piped.path,
            ])
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(try Data(contentsOf: piped) == Data(contentsOf: file))

        // Search results, as zstd by the name: as many statuses as search counts.
        let searched = out.url.appending(path: "search.tar.zst")
        #expect(
            try await cli.run("export", "search", "export", "-o", searched.path).status == 0,
            "the query may come before -o")
        let count = try await cli.run("search", "--count", "export")
        let searchJSON = try await Self.threadJSON(searched)
        #expect(searchJSON["kind"] as? String == "search")
        #expect(
            (searchJSON["statuses"] as? [Any])?.count
                == Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))

        // A pinned timeline, newest first, boosts standing for the post they boost.
        let timeline = out.url.appending(path: "home.tar")
        let exportedTimeline = try await cli.run(
            "export", "timeline", "home", "--since", "2026-01-01", "-o", timeline.path)
        #expect(exportedTimeline.status == 0, "\(exportedTimeline.stderr)")
        let statuses = try #require(try await Self.threadJSON(timeline)["statuses"] as? [[String: Any]])
        let dates = statuses.compactMap { ($0["status"] as? [String: Any])?["created_at"] as? String }
        #expect(dates.count == statuses.count && dates == dates.sorted(by: >) && !dates.isEmpty)
        #expect(statuses.allSatisfy { ($0["status"] as? [String: Any])?["reblog"] is NSNull })
        let future = try await cli.run(
            "export", "timeline", "home", "--since", "2099-01-01", "-o", out.url.appending(path: "none.tar").path)
        #expect(future.status == 1 && future.stderr.contains("nothing to export"))

        // Bad input: a clear line, a non-zero exit, no file.
        let missing = try await cli.run(
            "export", "thread", "https://example.invalid/@nobody/1", "-o", out.url.appending(path: "x.tar").path)
        #expect(missing.status == 64 && missing.stderr.contains("not in the archive"))
        let badDate = try await cli.run(
            "export", "timeline", "home", "--since", "yesterday", "-o", out.url.appending(path: "x.tar").path)
        #expect(badDate.status == 64 && badDate.stderr.contains("YYYY-MM-DD"))
        let unpinned = try await cli.run("export", "timeline", "local", "-o", out.url.appending(path: "x.tar").path)
        #expect(unpinned.status == 64 && unpinned.stderr.contains("not pinned"))
        let badQuery = try await cli.run("export", "search", "-o", out.url.appending(path: "x.tar").path, "has:banana")
        #expect(badQuery.status == 64)
        let noFolder = try await cli.run(
            "export", "thread", url, "-o", out.url.appending(path: "no/such/folder/x.tar").path)
        #expect(noFolder.status == 74 && noFolder.stderr.contains("cannot write"))
        #expect(!FileManager.default.fileExists(atPath: out.url.appending(path: "x.tar").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).allSatisfy { !$0.hasSuffix(".partial") })
    }

    @Test func exportingFollowersOnlyPostsWarnsAndPublicOnlyLeavesThemOut() async throws {
        var config = TestServerConfig()
        config.statusCount = 10
        config.homeShare = 1
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let root = try #require(await server.addStatus(username: "alice", text: "Picnic plans in the park"))
        _ = try #require(
            await server.addStatus(
                username: "bob", text: "Picnic: my address is private", inReplyTo: root,
                visibility: "private"))
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        #expect(try await cli.run("sync", "--quiet").status == 0)
        let out = try TemporaryDirectory("icebox-cli-export")

        let everything = try await cli.run("export", "search", "picnic", "-o", out.url.appending(path: "all.tar").path)
        #expect(everything.status == 0, "\(everything.stderr)")
        #expect(
            everything.stderr.contains("warning: this export contains 1 followers-only post"), "\(everything.stderr)")
        let thread = try await cli.run(
            "export", "thread", "https://icebox.test/@alice/\(root)", "-o",
            out.url.appending(path: "thread.tar").path)
        #expect(thread.stderr.contains("1 followers-only post"), "a thread says so too: \(thread.stderr)")

        let shared = out.url.appending(path: "public.tar.gz")
        let publicOnly = try await cli.run("export", "search", "picnic", "--public-only", "-o", shared.path)
        #expect(publicOnly.status == 0, "\(publicOnly.stderr)")
        #expect(!publicOnly.stderr.contains("warning") && publicOnly.stderr.contains("1 non-public post left out"))
        let json = try await Self.threadJSON(shared)
        #expect((json["statuses"] as? [Any])?.count == 1 && json["left_out"] as? Int == 1)
        #expect(!String(describing: json).contains("my address is private"))
    }

    @Test func everyRealFixtureExports() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 10)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        let spec = "tag:fixtures@\(server.baseURL.absoluteString)"
        #expect(try await cli.run("timeline", "add", spec).status == 0)
        // The real fixtures reference media on real servers: never fetched from a test.
        #expect(try await cli.run("sync", "--quiet", "--no-media").status == 0)
        let out = try TemporaryDirectory("icebox-cli-export")
        let tarball = out.url.appending(path: "fixtures.tar.gz")
        // --all: every fixture, also those whose authors opted out of search (see ConsentCLITests).
        let exported = try await cli.run("export", "timeline", spec, "--all", "-o", tarball.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        // What the feed serves, read with plain HTTP: each boost stands for the post it boosts.
        let url = server.baseURL.appending(path: "/api/v1/timelines/tag/fixtures").appending(queryItems: [
            .init(name: "limit", value: "40")
        ])
        let (data, _) = try await URLSession.shared.data(from: url)
        let page = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(!page.isEmpty && page.count < 40, "one page holds the whole feed")
        let posts = Set(page.compactMap { (($0["reblog"] as? [String: Any]) ?? $0)["uri"] as? String })
        let statuses = try #require(try await Self.threadJSON(tarball)["statuses"] as? [[String: Any]])
        #expect(statuses.count == posts.count, "each post once")
        #expect(Set(statuses.compactMap { $0["uri"] as? String }) == posts)
        // By default the posts of authors who opted out (indexable: false, in these real payloads) are left out.
        let optedOut = Set(
            page.compactMap { item -> String? in
                let post = (item["reblog"] as? [String: Any]) ?? item
                let account = post["account"] as? [String: Any] ?? [:]
                let out = account["indexable"] as? Bool == false || account["noindex"] as? Bool == true
                return out ? post["uri"] as? String : nil
            })
        #expect(!optedOut.isEmpty)
        let consenting = out.url.appending(path: "consenting.tar.gz")
        #expect(try await cli.run("export", "timeline", spec, "-o", consenting.path).status == 0)
        #expect(Set(Tarball.uris(try await Tarball.threadJSON(consenting))) == posts.subtracting(optedOut))
        // Each status is embedded exactly as served (its id and content survive byte for byte).
        let served = Dictionary(
            page.compactMap { item -> (String, [String: Any])? in
                let post = (item["reblog"] as? [String: Any]) ?? item
                return (post["uri"] as? String).map { ($0, post) }
            }, uniquingKeysWith: { first, _ in first })
        for status in statuses {
            let exported = status["status"] as? [String: Any]
            let uri = status["uri"] as? String ?? ""
            #expect(exported?["content"] as? String == served[uri]?["content"] as? String, "\(uri)")
        }
    }

    /// The `thread.json` of a tarball, unpacked with `tar`.
    static func threadJSON(_ tarball: URL) async throws -> [String: Any] {
        let folder = try TemporaryDirectory("icebox-cli-untar")
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/tar"), ["-xf", tarball.path, "-C", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let top = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let data = try Data(contentsOf: folder.url.appending(path: "\(top)/thread.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aFetchTheServerAnswersOddlyStillExportsTheArchivedThreadAndExits76() async throws {
        var config = TestServerConfig()
        config.statusCount = 20
        config.quirks.contextWithoutThread = true
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let root = try #require(await server.addStatus(username: "alice", text: "Odd context root"))
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "local").status == 0)
        #expect(try await cli.run("sync", "--quiet", "--no-media").status == 0)
        let out = try TemporaryDirectory("icebox-cli-export")
        let file = out.url.appending(path: "thread.tar.gz")
        let exported = try await cli.run(
            "export", "thread", "https://icebox.test/@alice/\(root)", "--fetch", "-o", file.path)
        #expect(exported.status == 76, "does not answer like a Mastodon server, not 69: \(exported.stderr)")
        #expect(exported.stderr.contains(server.baseURL.host() ?? "?") && exported.stderr.contains("neither"))
        let listing = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/tar"), ["-tzf", file.path])
        #expect(listing.status == 0 && listing.stdout.contains("/thread.json"), "the archived thread is exported")
    }
}
