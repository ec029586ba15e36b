import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox import mastodon-export --resolve`: the statuses an export names only by uri (likes,
/// bookmarks) are fetched from the account's own server with its token and archived as statuses.
@Suite("icebox import mastodon-export --resolve", .serialized)
struct ResolveCommandTests {
    private let icebox = CommandRunner.productsDirectory.appending(path: "icebox")
    private static let gone = "https://gone.example/users/x/statuses/1"

    static let replyURI = AliceExport.replyURI

    /// The id of alice's `index`-th boost in `export`.
    static func boostURI(_ index: Int) -> String { AliceExport.boostURI(index) }

    /// An export of alice on the test server (see `AliceExport`).
    static func export(
        liking liked: [String], bookmarking bookmarked: [String], replyingTo repliedTo: String? = nil,
        boosting boosted: [String] = [], in folder: URL
    ) throws -> URL {
        try AliceExport.write(
            liking: liked, bookmarking: bookmarked, replyingTo: repliedTo, boosting: boosted, in: folder)
    }

    /// The uris of some of the server's posts (its own, or other servers' it holds), as alice is served them.
    static func uris(_ server: TestServer, count: Int, remote: Bool = false) async throws -> [String] {
        try await AliceExport.serverURIs(server, count: count, remote: remote)
    }

    /// Runs `import --resolve` of `export`, expects it to make the boost of `boosted`, and returns
    /// `columns` of that boost's row (`|` between them).
    private func resolvingMakesABoost(
        of boosted: String, export: URL, home: TemporaryDirectory,
        _ columns: String
    ) async throws -> String {
        let run = try await CommandRunner.run(
            icebox,
            [
                "import", "mastodon-export", export.path, "--resolve",
                "--home", home.path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 boosts of fetched posts made boosts"), "\(run.stderr)")
        #expect(try await searched("is:boost", home: home) == [boosted])
        let sql = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            [
                home.url.appending(path: "archive.sqlite").path,
                "SELECT \(columns) FROM statuses WHERE uri = '\(Self.boostURI(0))'",
            ])
        return sql.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func searched(_ text: String, home: TemporaryDirectory) async throws -> Set<String> {
        let result = try await CommandRunner.run(icebox, ["search", text, "--json", "--home", home.path])
        let objects = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return Set(objects.compactMap { $0["uri"] as? String })
    }

    @Test func likesAndBookmarksByUriBecomeArchivedStatusesWithTheirMarks() async throws {
        try await withTestServer { server in
            let home = try TemporaryDirectory("icebox-resolve")
            let uris = try await Self.uris(server, count: 3)
            #expect(uris.count == 3)
            let remote = try #require(try await Self.uris(server, count: 1, remote: true).first)
            #expect(!remote.hasPrefix("https://icebox.test/"), "a post from another server")
            let export = try Self.export(
                liking: [uris[0], uris[1], Self.gone], bookmarking: [uris[2]],
                replyingTo: remote, in: home.url)
            let added = try await CommandRunner.run(
                icebox,
                [
                    "account", "add", server.baseURL.absoluteString,
                    "--token-stdin", "--home", home.path,
                ], stdin: "test-token\n")
            #expect(added.status == 0, "\(added.stderr)")
            await server.clearRequestLog()

            let run = try await CommandRunner.run(
                icebox,
                [
                    "import", "mastodon-export", export.path, "--resolve",
                    "--home", home.path,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("resolved 5 statuses alice@icebox.test had named by uri"), "\(run.stderr)")
            #expect(run.stderr.contains("4 archived, 1 not found"), "\(run.stderr)")
            #expect(try await searched("is:favourited", home: home) == [uris[0], uris[1]])
            #expect(try await searched("is:bookmarked", home: home) == [uris[2]])
            let shown = try await CommandRunner.run(icebox, ["show", uris[0], "--home", home.path])
            #expect(shown.stdout.contains("archived from: fetch"), "\(shown.stdout)")
            // Asked of the account's own server, with its token, once per uri.
            // The post alice's reply answers is archived, and the reply is in its thread.
            let reply = try await CommandRunner.run(icebox, ["show", Self.replyURI, "--home", home.path])
            #expect(reply.stdout.contains("reply to ["), "\(reply.stdout)")
            let asked = await server.requestLog().to("/api/v2/search")
            #expect(asked.count == 5)
            #expect(asked.allSatisfy { $0.hadToken && $0.value("resolve") == "true" })

            // Again: only the post that was not found is asked for, and nothing changes.
            await server.clearRequestLog()
            let again = try await CommandRunner.run(
                icebox,
                [
                    "import", "mastodon-export", export.path, "--resolve",
                    "--home", home.path,
                ])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stderr.contains("resolved 1 statuses"), "\(again.stderr)")
            #expect(await server.requestLog().to("/api/v2/search").map { $0.value("q") } == [Self.gone])
        }
    }

    /// A boost of a post the archive does not hold stays a reference; once --resolve archives the post,
    /// it is a boost with the Announce's id, date and visibility (unlisted: the public in `cc`).
    @Test func aBoostOfAResolvedPostBecomesABoost() async throws {
        try await withTestServer { server in
            let home = try TemporaryDirectory("icebox-resolve-boost")
            let boosted = try #require(try await Self.uris(server, count: 1).first)
            let remote = try #require(try await Self.uris(server, count: 1, remote: true).first)
            let export = try Self.export(
                liking: [], bookmarking: [], replyingTo: remote, boosting: [boosted], in: home.url)
            let added = try await CommandRunner.run(
                icebox,
                [
                    "account", "add", server.baseURL.absoluteString,
                    "--token-stdin", "--home", home.path,
                ], stdin: "test-token\n")
            #expect(added.status == 0, "\(added.stderr)")
            let imported = try await CommandRunner.run(
                icebox, ["import", "mastodon-export", export.path, "--home", home.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(try await searched("is:boost", home: home) == [])

            let made = try await resolvingMakesABoost(
                of: boosted, export: export, home: home,
                "author_handle, reblog_uri, visibility, json_extract(CAST(raw_json AS TEXT), '$.created_at')")
            #expect(made == "alice@icebox.test|\(boosted)|unlisted|2026-03-06T10:00:00Z")
        }
    }

    @Test func aBoostByAnAccountWithNoPostArchivedBecomesABoostWhenResolved() async throws {
        // The export holds no post of alice's, only a boost of another server's post: the boost is
        // written with alice as actor.json describes her.
        try await withTestServer { server in
            let home = try TemporaryDirectory("icebox-resolve-lone-boost")
            let boosted = try #require(try await Self.uris(server, count: 1, remote: true).first)
            let export = try Self.export(liking: [], bookmarking: [], boosting: [boosted], in: home.url)
            let added = try await CommandRunner.run(
                icebox,
                [
                    "account", "add", server.baseURL.absoluteString,
                    "--token-stdin", "--home", home.path,
                ], stdin: "test-token\n")
            #expect(added.status == 0, "\(added.stderr)")
            let made = try await resolvingMakesABoost(
                of: boosted, export: export, home: home,
                // The account object is read whole through the status_json view (see schema/0019).
                "author_handle, (SELECT json_extract(j.raw_json, '$.account.display_name') FROM status_json j "
                    + "WHERE j.number = statuses.id)")
            #expect(made == "alice@icebox.test|Alice")
        }
    }

    @Test func withoutTheAccountItSaysWhatToAddAndKeepsTheImport() async throws {
        let home = try TemporaryDirectory("icebox-resolve-no-account")
        let export = try Self.export(liking: [Self.gone], bookmarking: [], in: home.url)
        let run = try await CommandRunner.run(
            icebox,
            [
                "import", "mastodon-export", export.path, "--resolve",
                "--home", home.path,
            ])
        #expect(run.status == 77, "\(run.stderr)")
        #expect(run.stderr.contains("--resolve needs the account alice@icebox.test"), "\(run.stderr)")
        #expect(run.stderr.contains("imported"), "the import itself is kept")
    }
}
