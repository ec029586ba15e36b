import Foundation
import HTTPTypes
import HummingbirdTesting
import IceboxTestSupport
import Logging
import MastodonTestServer
import NIOCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox serve`'s Mastodon API beside statuses (issue 45), on either store: the token's account's
/// notifications as its server sent them, paged by their ids to the end with their accounts and
/// statuses in the archive's id space; whom it follows and who follows it, its mutes and relationships
/// from the relation ledger; its conversations; and markers, the one write, kept per token across a
/// restart of `serve` while every other write stays refused.
@Suite(.serialized) struct ServeMastodonAPIListsTests {
    @Test(arguments: ServedStore.allCases) func notificationsAndRelationsAreTheServers(_ kind: ServedStore)
        async throws
    {
        var config = TestServerConfig()
        config.statusCount = 12
        config.homeShare = 1
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let own = try #require(await server.addStatus(username: "alice", text: "a post people liked"))
        let others = await server.snapshot().localUsernames.filter { $0 != "alice" }
        for (index, type) in ["favourite", "reblog", "follow", "mention", "status", "update", "poll", "new.kind"]
            .enumerated()
        {
            let about = ["follow", "new.kind"].contains(type) ? nil : own
            #expect(
                await server.addNotification(
                    to: "alice", type: type, from: others[index % others.count], statusID: about) != nil, "\(type)")
        }
        #expect(await server.setMuting("alice", others[0], true))
        let sent = try await server.notificationObjects("alice").map {
            try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
        }
        #expect(sent.count > 8)
        let home = try TemporaryDirectory("icebox-serve-api-lists")
        _ = try await AliceArchive.sync(
            from: server, into: home.url, logger: Logger(label: "serve-api-test"), alsoPinning: ["notifications"])
        let token = try await ServeMastodonAPITests.token(home)
        guard let process = try await ServeMastodonAPITests.serve(home, on: kind) else { return }
        defer { process.running.signal(SIGTERM) }
        let api = ServeMastodonAPITests.API(served: process.served, token: token)

        // Every notification once, newest first, with the server's ids; read upward from below, the same.
        let down = try await api.objects("/api/v1/notifications?limit=3", following: "next")
        let sentIDs = sent.compactMap { $0["id"] as? String }
        #expect(down.compactMap { $0["id"] as? String } == sentIDs)
        let up = try await api.objects("/api/v1/notifications?limit=4&min_id=0", following: "prev")
        #expect(up.compactMap { $0["id"] as? String } == sentIDs)
        #expect(Set(down.compactMap { $0["type"] as? String }).isSuperset(of: ["favourite", "mention", "new.kind"]))
        // The accounts by the archive's ids; a status by the API's id of the archived post.
        for notification in down {
            let account = try #require(notification["account"] as? [String: Any])
            let handle = try #require(account["id"] as? String)
            #expect(handle.contains("@") && account["acct"] as? String == handle)
        }
        let liked = try #require(down.first { $0["type"] as? String == "favourite" })
        let status = try #require(liked["status"] as? [String: Any])
        let statusID = try #require(status["id"] as? String)
        #expect(statusID != own && statusID.count > 13, "the archive's id, not the server's")
        let fetched = try await api.object("/api/v1/statuses/\(statusID)")
        #expect(fetched["uri"] as? String == "https://icebox.test/users/alice/statuses/\(own)")
        let follow = try #require(down.first { $0["type"] as? String == "follow" })
        #expect(follow["status"] == nil || follow["status"] is NSNull)
        // Another Icebox gets the status inside a notification with its archived bytes, never re-written.
        let mirrorHeader = try #require(HTTPField.Name("X-Icebox-Mirror"))
        let mirrored = try await process.served.get(
            "/api/v1/notifications?limit=40", headers: [.authorization: "Bearer \(token)", mirrorHeader: "1"],
            asOwner: false)
        let likedURI = "https://icebox.test/users/alice/statuses/\(own)"
        let raw = try await ServedArchive.icebox(["show", likedURI, "--raw", "--home", home.path])
        let archived = raw.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!archived.isEmpty && mirrored.body.contains("\"raw_json\":" + archived), "\(mirrored.body.prefix(300))")
        let one = try await api.object("/api/v1/notifications/\(try #require(liked["id"] as? String))")
        #expect(one["id"] as? String == liked["id"] as? String)
        #expect(try await api.get("/api/v1/notifications/999999999").status == .notFound)

        // Filters by type, as Mastodon's.
        let favourites = try await api.objects("/api/v1/notifications?types%5B%5D=favourite&limit=1", following: "next")
        #expect(
            favourites.compactMap { $0["id"] as? String }
                == sent.filter { $0["type"] as? String == "favourite" }.compactMap { $0["id"] as? String })
        let noFollows = try await api.objects(
            "/api/v1/notifications?exclude_types[]=follow&exclude_types%5B%5D=mention&limit=2", following: "next")
        #expect(
            noFollows.compactMap { $0["id"] as? String }
                == sent.filter { !["follow", "mention"].contains($0["type"] as? String ?? "") }
                .compactMap { $0["id"] as? String })

        // Whom alice follows and who follows her: the server's lists, each account once, paged to the end.
        for (list, path) in [(TestServer.RelationList.following, "following"), (.followers, "followers")] {
            let expected = await server.relationHandles("alice", list)
            #expect(!expected.isEmpty)
            let listed = try await api.objects("/api/v1/accounts/alice@icebox.test/\(path)?limit=2", following: "next")
            #expect(listed.compactMap { $0["id"] as? String }.sorted() == expected, "\(path)")
            #expect(listed.compactMap { $0["acct"] as? String }.sorted() == expected, "\(path)")
        }
        let muted = try await api.objects("/api/v1/mutes", following: "next")
        #expect(muted.compactMap { $0["id"] as? String } == ["\(others[0])@icebox.test"])
        let following = await server.relationHandles("alice", .following)
        let followers = await server.relationHandles("alice", .followers)
        let asked = [try #require(following.first), "\(others[0])@icebox.test", "nobody@nowhere.test"]
        let relationships = try await api.get(
            "/api/v1/accounts/relationships?" + asked.map { "id[]=\($0)" }.joined(separator: "&"))
        let relations = try #require(
            try JSONSerialization.jsonObject(with: Data(relationships.body.utf8)) as? [[String: Any]])
        #expect(relations.map { $0["id"] as? String } == asked)
        #expect(relations.map { $0["following"] as? Bool } == asked.map(following.contains))
        #expect(relations.map { $0["followed_by"] as? Bool } == asked.map(followers.contains))
        #expect(relations.map { $0["muting"] as? Bool } == asked.map { $0 == "\(others[0])@icebox.test" })
    }

    @Test(arguments: ServedStore.allCases) func markersAreKeptPerTokenAcrossARestart(_ kind: ServedStore)
        async throws
    {
        var config = TestServerConfig()
        config.statusCount = 5
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let home = try TemporaryDirectory("icebox-serve-api-markers")
        _ = try await AliceArchive.sync(from: server, into: home.url, logger: Logger(label: "serve-api-test"))
        let first = try await ServeMastodonAPITests.token(home)
        let added = try await ServedArchive.icebox(["serve", "token", "add", "other-app", "--home", home.path])
        let second = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        var arguments = ["serve", "--listen", "127.0.0.1:0", "--home", home.path]
        if kind == .postgres {
            guard let url = try await ServedStore.newDatabase() else { return }
            let copied = try await ServedArchive.icebox(["migrate", "--to", url, "--home", home.path])
            #expect(copied.status == 0, "\(copied.stderr)")
            arguments += ["--store", url]
        }
        var process = try await ServeProcess.start(arguments)

        // Set by a form, then by JSON (an id as a number, as Mastodon.py sends one): each its version.
        let byForm = try await Self.post(
            "/api/v1/markers", body: "home%5Blast_read_id%5D=17093742723450000000042",
            type: "application/x-www-form-urlencoded",
            token: first, served: process.served)
        #expect(byForm.status == .ok, "\(byForm.body)")
        let home1 = try #require(try Self.markers(byForm.body)["home"])
        #expect(home1["last_read_id"] as? String == "17093742723450000000042" && home1["version"] as? Int == 0)
        let again = try await Self.post(
            "/api/v1/markers",
            body: #"{"home": {"last_read_id": 17093742723450000000043}, "notifications": {"last_read_id": "77"}}"#,
            type: "application/json", token: first, served: process.served)
        #expect(again.status == .ok, "\(again.body)")
        #expect(try Self.markers(again.body)["home"]?["version"] as? Int == 1)
        let file = home.url.appending(path: "api-markers.json")
        var info = stat()
        #expect(lstat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try !String(contentsOf: file, encoding: .utf8).contains(first), "a hash is kept, never a token")

        // Another token reads none of them; every other write is still refused.
        let other = ServeMastodonAPITests.API(served: process.served, token: second)
        #expect(try await other.get("/api/v1/markers?timeline[]=home").body == "{}")
        for path in ["/api/v1/statuses", "/api/v1/notifications/clear", "/api/v1/markers/home"] {
            let refused = try await Self.post(
                path, body: "{}", type: "application/json", token: first, served: process.served)
            #expect(refused.status == .forbidden, "\(path)")
            #expect(try ServeMastodonAPITests.error(refused.body) == "This archive is read-only")
        }

        // A new `serve` reads them back, for the token that set them only.
        process.running.signal(SIGTERM)
        process = try await ServeProcess.start(arguments)
        defer { process.running.signal(SIGTERM) }
        let read = try await ServeMastodonAPITests.API(served: process.served, token: first)
            .get("/api/v1/markers?timeline[]=home&timeline[]=notifications")
        let markers = try Self.markers(read.body)
        #expect(markers["home"]?["last_read_id"] as? String == "17093742723450000000043", "\(read.body)")
        #expect(markers["notifications"]?["last_read_id"] as? String == "77")
        #expect(markers["home"]?["updated_at"] as? String != nil)
        let onlyHome = try await ServeMastodonAPITests.API(served: process.served, token: first)
            .get("/api/v1/markers?timeline[]=home")
        #expect(try Self.markers(onlyHome.body).keys.sorted() == ["home"])
        #expect(
            try await ServeMastodonAPITests.API(served: process.served, token: second).get("/api/v1/markers").body
                == "{}")

        // Markers belong to the token, not its name: one made again under the removed one's name (as an
        // app chooses its own) reads none of them.
        let removed = try await ServedArchive.icebox(["serve", "token", "remove", "api-tests", "--home", home.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        let renewed = try await ServeMastodonAPITests.token(home)
        #expect(
            try await ServeMastodonAPITests.API(served: process.served, token: renewed).get("/api/v1/markers").body
                == "{}")
    }

    // MARK: Helpers

    static func post(_ path: String, body: String, type: String, token: String, served: Served) async throws
        -> (status: HTTPResponse.Status, headers: HTTPFields, body: String)
    {
        let request = TestClient.Request(
            path, method: .post, authority: served.authority,
            headers: [.authorization: "Bearer \(token)", .contentType: type], body: ByteBuffer(string: body))
        return try await Served.send(request, port: served.port)
    }

    static func markers(_ body: String) throws -> [String: [String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: [String: Any]])
    }
}
