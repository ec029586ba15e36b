import Foundation
import HTTPTypes
import HummingbirdTesting
import IceboxTestSupport
import Logging
import MastodonTestServer
import MediaFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox serve` answers the Mastodon client API from the archive (issue 45), on either store: a
/// timeline pages to its end and back as Mastodon pages (every archived entry once, ids in the archive's
/// own id space sorting as the statuses do), a reply's parent and an account's posts are found by the ids
/// the API gave, and nothing is read without a token or written with one.
@Suite(.serialized) struct ServeMastodonAPITests {
    @Test(arguments: ServedStore.allCases) func timelinesPageAsMastodonPagesThem(_ kind: ServedStore) async throws {
        var config = TestServerConfig()
        config.statusCount = 150
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let home = try TemporaryDirectory("icebox-serve-api")
        let archive = try await AliceArchive.sync(
            from: server, into: home.url, logger: Logger(label: "serve-api-test"),
            alsoPinning: ["bookmarks", "favourites"])
        let token = try await Self.token(home)
        guard let process = try await Self.serve(home, on: kind) else { return }
        defer { process.running.signal(SIGTERM) }
        let api = API(served: process.served, token: token)
        let timelines = try await archive.timelines()

        for spec in ["home", "bookmarks", "favourites"] {
            let pinned = try #require(timelines.first { $0.spec == spec })
            let archived = try await archive.statusURIs(timelineID: pinned.id)
            let path = spec == "home" ? "/api/v1/timelines/home" : "/api/v1/\(spec)"
            let down = try await api.pages(path + "?limit=40", following: "next")
            #expect(down.map(\.uri).sorted() == archived, "\(spec): every archived entry once")
            #expect(Self.isNewestFirst(down), "\(spec): ids and dates newest first")
            // From below the oldest, `prev` (min_id) reads back up to the newest.
            let up = try await api.pages(path + "?limit=7&min_id=0", following: "prev")
            #expect(up.map(\.id) == down.map(\.id), "\(spec): read upward, the same statuses")
        }
        let homeTimeline = try #require(timelines.first { $0.spec == "home" })
        #expect(try await archive.statusURIs(timelineID: homeTimeline.id).count > 80, "more than two pages of 40")

        // A reply names its parent by the API's id; the parent's context has the reply below it.
        let all = try await api.pages("/api/v1/timelines/public?limit=40", following: "next")
        let replies = all.filter { ($0.object["in_reply_to_id"] as? String) != nil }
        #expect(!replies.isEmpty, "the corpus has replies whose parents are archived")
        for reply in replies.prefix(5) {
            let parentID = try #require(reply.object["in_reply_to_id"] as? String)
            let parent = try await api.object("/api/v1/statuses/\(parentID)")
            #expect(parent["id"] as? String == parentID)
            let account = try #require(parent["account"] as? [String: Any])
            #expect(reply.object["in_reply_to_account_id"] as? String == account["id"] as? String)
            let context = try await api.object("/api/v1/statuses/\(reply.id)/context")
            let ancestors = try #require(context["ancestors"] as? [[String: Any]])
            #expect(ancestors.last?["id"] as? String == parentID)
        }

        // An account's statuses by the id its objects carry: its posts without boosts are what the
        // archive lists for the author.
        let first = try #require(all.first { ($0.object["reblog"] as? [String: Any]) == nil })
        let author = try #require((first.object["account"] as? [String: Any])?["id"] as? String)
        #expect(author.contains("@"), "an account's id is its full handle")
        let posts = try await api.pages(
            "/api/v1/accounts/\(author)/statuses?exclude_reblogs=true&limit=40", following: "next")
        let listed = try await archive.posts(.author(author), limit: 10_000)
        #expect(posts.map(\.uri).sorted() == listed.map(\.uri).sorted())
        #expect(Self.isNewestFirst(posts))
        let profile = try await api.object("/api/v1/accounts/\(author)")
        #expect(profile["id"] as? String == author && profile["acct"] as? String == author)
    }

    @Test(arguments: ServedStore.allCases) func nothingIsReadWithoutATokenNorWrittenWithOne(_ kind: ServedStore)
        async throws
    {
        var config = TestServerConfig()
        config.statusCount = 10
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let home = try TemporaryDirectory("icebox-serve-api-refusals")
        _ = try await AliceArchive.sync(from: server, into: home.url, logger: Logger(label: "serve-api-test"))
        let token = try await Self.token(home)
        guard let process = try await Self.serve(home, on: kind) else { return }
        defer { process.running.signal(SIGTERM) }
        let served = process.served

        // No token, a wrong one, or the owner's own cookie: 401 with Mastodon's error JSON.
        for headers: HTTPFields in [[:], [.authorization: "Bearer not-a-token"], [.authorization: "Basic eDp5"]] {
            let refused = try await served.get("/api/v1/timelines/home", headers: headers, asOwner: headers.isEmpty)
            #expect(refused.status == .unauthorized, "\(headers)")
            #expect(try Self.error(refused.body) != nil)
            #expect(!refused.body.contains("icebox.test"))
        }
        // The instance answers without a token, naming no account; with one, the archive's.
        let open = try await served.get("/api/v1/instance", asOwner: false)
        #expect(open.status == .ok && !open.body.contains("alice"), "\(open.body)")
        #expect(open.headers[.accessControlAllowOrigin] == "*")
        let named = try await served.get(
            "/api/v2/instance", headers: [.authorization: "Bearer \(token)"], asOwner: false)
        #expect(named.body.contains("alice@icebox.test") && named.body.contains("Icebox"), "\(named.body)")

        // Every write is refused, whatever the route.
        for (method, path) in [
            (HTTPRequest.Method.post, "/api/v1/statuses"), (.post, "/api/v1/statuses/1/favourite"),
            (.delete, "/api/v1/statuses/1"), (.put, "/api/v1/markers"), (.post, "/api/v1/accounts/x/follow"),
        ] {
            let request = TestClient.Request(
                path, method: method, authority: served.authority,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"])
            let answer = try await Served.send(request, port: served.port)
            #expect(answer.status == .forbidden, "\(method) \(path)")
            #expect(try Self.error(answer.body) == "This archive is read-only")
        }
        let unknown = try await served.get("/api/v1/no/such/route", headers: [.authorization: "Bearer \(token)"])
        #expect(unknown.status == .notFound)
        #expect(try Self.error(unknown.body) != nil)
        let stream = try await served.get("/api/v1/streaming/user", headers: [.authorization: "Bearer \(token)"])
        #expect(stream.status == .notImplemented)
    }

    /// A kept attachment loads from the address the API gave, with no token and no cookie, as a server's
    /// media load in an app; its bytes are its hash's. A signature of another hash opens nothing.
    @Test func mediaLoadByTheAddressTheAPIGaveWithoutAToken() async throws {
        var config = TestServerConfig()
        config.statusCount = 40
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let home = try TemporaryDirectory("icebox-serve-api-media")
        for (arguments, stdin) in [
            (["account", "add", server.baseURL.absoluteString, "--token-stdin"], "test-token\n"),
            (["timeline", "add", "home"], ""), (["sync", "--quiet"], ""),
        ] {
            let result = try await ServedArchive.icebox(arguments + ["--home", home.path], stdin: stdin)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let token = try await Self.token(home)
        guard let process = try await Self.serve(home, on: .sqlite) else { return }
        defer { process.running.signal(SIGTERM) }
        let api = API(served: process.served, token: token)
        let statuses = try await api.pages("/api/v1/timelines/home?limit=40", following: "next")
        let urls = statuses.flatMap { status -> [String] in
            let shown = status.object["reblog"] as? [String: Any] ?? status.object
            return (shown["media_attachments"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
        }
        let kept = urls.filter { $0.contains("/media/") && $0.contains("sig=") }
        #expect(!kept.isEmpty, "the corpus has attachments the sync kept: \(urls.prefix(3))")
        for address in kept.prefix(3) {
            let url = try #require(URL(string: address))
            #expect(url.host == "127.0.0.1" && url.port == process.served.port)
            let path = url.path + "?" + (url.query ?? "")
            let file = try await process.served.get(path, asOwner: false)
            #expect(file.status == .ok, "\(path)")
            let hash = String(url.lastPathComponent.prefix(64))
            let bytes = try await Self.bytes(path, served: process.served)
            #expect(SHA256.hex(bytes) == hash, "the bytes are the hash's")
            #expect(file.headers[.crossOriginResourcePolicy] == "cross-origin")
            // The same signature on another file, or none, needs the owner's secret.
            let forged = "/media/" + String(repeating: "0", count: 64) + "?" + (url.query ?? "")
            #expect(try await process.served.get(forged, asOwner: false).status != .ok)
            #expect(try await process.served.get(url.path, asOwner: false).status != .ok)
        }
    }

    // MARK: Helpers

    /// A status as a page of the API gave it.
    struct Listed: @unchecked Sendable {
        var id: String
        var uri: String
        var createdAt: String
        var object: [String: Any]
    }

    /// The API with a token.
    struct API {
        let served: Served
        let token: String

        func get(_ path: String) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
            try await served.get(path, headers: [.authorization: "Bearer \(token)"], asOwner: false)
        }

        func object(_ path: String) async throws -> [String: Any] {
            let answer = try await get(path)
            #expect(answer.status == .ok, "\(path): \(answer.body.prefix(300))")
            return try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        }

        /// Every status from `path` on, following the `Link` header's `relation` until a page is empty.
        func pages(_ path: String, following relation: String) async throws -> [Listed] {
            try await objects(path, following: relation).map {
                Listed(
                    id: $0["id"] as? String ?? "", uri: $0["uri"] as? String ?? "",
                    createdAt: $0["created_at"] as? String ?? "", object: $0)
            }
        }

        /// Every object of a list from `path` on, following the `Link` header's `relation` until a page is
        /// empty, in the list's order.
        func objects(_ path: String, following relation: String) async throws -> [[String: Any]] {
            var listed: [[String: Any]] = []
            var next: String? = path
            var pages = 0
            while let path = next, pages < 500 {
                pages += 1
                let answer = try await get(path)
                #expect(answer.status == .ok, "\(path): \(answer.body.prefix(300))")
                let objects = try #require(
                    try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [[String: Any]])
                if objects.isEmpty { break }
                listed += relation == "prev" ? objects.reversed() : objects
                next = answer.headers[HTTPField.Name("Link")!].flatMap {
                    Self.link($0, relation, authority: served.authority)
                }
            }
            return relation == "prev" ? listed.reversed() : listed
        }

        /// The path of a `Link` header's `relation` on this reader.
        static func link(_ header: String, _ relation: String, authority: String) -> String? {
            for part in header.split(separator: ",") where part.contains("rel=\"\(relation)\"") {
                guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">") else { continue }
                let address = String(part[part.index(after: open)..<close])
                guard let url = URL(string: address), url.host == "127.0.0.1" else { return nil }
                return url.path + (url.query.map { "?" + $0 } ?? "")
            }
            return nil
        }
    }

    /// Ids strictly descending as Mastodon's compare (length, then text), dates never rising.
    static func isNewestFirst(_ listed: [Listed]) -> Bool {
        zip(listed, listed.dropFirst()).allSatisfy { newer, older in
            (newer.id.count, newer.id) > (older.id.count, older.id) && newer.createdAt >= older.createdAt
        }
    }

    /// The bytes a path answers with, with no token and no cookie.
    static func bytes(_ path: String, served: Served) async throws -> Data {
        let request = TestClient.Request(path, method: .get, authority: served.authority, headers: [:])
        return try await TestClient.withClient(host: "127.0.0.1", port: served.port) { client in
            let response = try await client.execute(request)
            return response.body.map { Data(buffer: $0) } ?? Data()
        }
    }

    static func error(_ body: String) throws -> String? {
        (try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["error"] as? String
    }

    /// A token for scripts, as `icebox serve token add` prints it.
    static func token(_ home: TemporaryDirectory) async throws -> String {
        let added = try await ServedArchive.icebox(["serve", "token", "add", "api-tests", "--home", home.path])
        #expect(added.status == 0, "\(added.stderr)")
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `icebox serve` on the archive in `home`, copied first into a new PostgreSQL database for
    /// `.postgres`; nil when PostgreSQL is not available outside CI.
    static func serve(_ home: TemporaryDirectory, on kind: ServedStore) async throws -> ServeProcess? {
        var arguments = ["serve", "--listen", "127.0.0.1:0", "--home", home.path]
        if kind == .postgres {
            guard let url = try await ServedStore.newDatabase() else { return nil }
            let copied = try await ServedArchive.icebox(["migrate", "--to", url, "--home", home.path])
            #expect(copied.status == 0, "\(copied.stderr)")
            arguments += ["--store", url]
        }
        return try await ServeProcess.start(arguments)
    }
}
