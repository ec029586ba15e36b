import Foundation
import HTTPTypes
import IceboxTestSupport
import Logging
import MastodonTestServer
import Router
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox serve` shows the notifications and who favourited and boosted a post (issue 44), from the
/// notifications of the post's author beside the boosts a timeline carried: `/notifications` paged with
/// its total and a filter by type, `/statuses/N/favourited_by` and `…/reblogged_by` each account once;
/// as JSON, the CLI's records; a name a server sent stays text.
@Suite(.serialized) struct ServeNotificationsTests {
    @Test(arguments: ServedStore.allCases) func notificationsAndWhoReactedAreServed(_ kind: ServedStore) async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        #expect(await server.setDisplayName("<img src=x onerror=alert(1)>Bob", username: "bob"))
        let own = try #require(await server.addStatus(username: "alice", text: "a post people liked"))
        for from in ["bob", "carol", "bob"] {
            #expect(await server.addNotification(to: "alice", type: "favourite", from: from, statusID: own) != nil)
        }
        #expect(await server.addBoost(of: own, username: "dave") != nil)
        for from in ["dave", "erin"] {
            #expect(await server.addNotification(to: "alice", type: "reblog", from: from, statusID: own) != nil)
        }
        // More than a page (20) of follows: the page is paged, the total counted whole.
        let others = await server.snapshot().localUsernames.filter { $0 != "alice" }
        for index in 0..<25 {
            #expect(
                await server.addNotification(to: "alice", type: "follow", from: others[index % others.count]) != nil)
        }
        // The server's own notifications too (its corpus has some): every one is listed.
        let sent = try await server.notificationObjects("alice").map {
            try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
        }
        let sentFavourites = sent.filter { $0["type"] as? String == "favourite" }.count
        #expect(sent.count >= 30 && sentFavourites >= 3)
        let home = try TemporaryDirectory("icebox-serve-notifications")
        let archive = try await AliceArchive.sync(
            from: server, into: home.url, logger: Logger(label: "serve-test"), alsoPinning: ["notifications"])
        let number = try #require(try await archive.findStatus("https://icebox.test/users/alice/statuses/\(own)"))
        guard let process = try await kind.serve(home) else { return }
        defer { process.running.signal(SIGTERM) }
        let served = process.served

        let favourited = try await served.get(RouterDestination.favoritedBy(id: "\(number)").path, json: true)
        #expect(favourited.status == .ok, "\(favourited.body)")
        #expect(try accts(favourited.body) == ["bob@icebox.test", "carol@icebox.test"])
        let page = try await served.get(RouterDestination.favoritedBy(id: "\(number)").path)
        #expect(page.body.contains("2 archived favourites"))
        #expect(!page.body.contains("<img src=x") && page.body.contains("&lt;img src=x"))
        let boosted = try await served.get(RouterDestination.rebloggedBy(id: "\(number)").path, json: true)
        #expect(Set(try accts(boosted.body)) == ["dave@icebox.test", "erin@icebox.test"], "\(boosted.body)")

        let first = try await served.get("/notifications", json: true)
        #expect(first.status == .ok)
        #expect(first.headers[HTTPField.Name("X-Total-Count")!] == "\(sent.count)")
        #expect(try records(first.body).count == 20)
        #expect(first.headers[HTTPField.Name("Link")!]?.contains("page=2") == true)
        var all = try records(first.body)
        for page in 2...((sent.count + 19) / 20) {
            all += try records(try await served.get("/notifications?page=\(page)", json: true).body)
        }
        #expect(all.compactMap { $0["id"] as? String } == sent.compactMap { $0["id"] as? String })
        let favourites = try await served.get("/notifications?type=favourite", json: true)
        #expect(
            try records(favourites.body).map { $0["type"] as? String }
                == Array(repeating: "favourite", count: sentFavourites))
        let html = try await served.get("/notifications?type=favourite")
        #expect(html.status == .ok && html.body.contains("\(sentFavourites) notifications"), "\(html.body.prefix(500))")
        #expect(!html.body.contains("<img src=x"))
        let timeline = try await served.get(RouterDestination.pinnedTimeline(.notifications).path)
        #expect(timeline.body.contains("\(sent.count) notifications, 1–20 shown"), "\(timeline.body.prefix(500))")
    }

    /// Another archived account's server speaks for that account's posts alone: a favourite it claims
    /// of alice's post is not listed as one.
    @Test(arguments: ServedStore.allCases) func anotherAccountsServerCannotSayWhoFavouritedAPost(_ kind: ServedStore)
        async throws
    {
        var config = TestServerConfig()
        config.statusCount = 5
        config.homeShare = 1
        config.tokens["bob-token"] = "bob"
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let own = try #require(await server.addStatus(username: "alice", text: "alice's own post"))
        #expect(await server.addNotification(to: "alice", type: "favourite", from: "carol", statusID: own) != nil)
        #expect(await server.addNotification(to: "bob", type: "favourite", from: "frank", statusID: own) != nil)
        let home = try TemporaryDirectory("icebox-serve-forged")
        let archive = try await AliceArchive.sync(
            from: server, into: home.url, logger: Logger(label: "serve-test"), alsoPinning: ["notifications"])
        let binary = CommandRunner.productsDirectory.appending(path: "icebox")
        let added = try await CommandRunner.run(
            binary, ["account", "add", server.baseURL.absoluteString, "--token-stdin", "--home", home.path],
            stdin: "bob-token\n")
        #expect(added.status == 0, "\(added.stderr)")
        for arguments in [
            ["timeline", "add", "notifications", "--account", "bob@icebox.test"], ["sync", "--quiet", "--no-media"],
        ] {
            let result = try await CommandRunner.run(binary, arguments + ["--home", home.path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let number = try #require(try await archive.findStatus("https://icebox.test/users/alice/statuses/\(own)"))
        guard let process = try await kind.serve(home) else { return }
        defer { process.running.signal(SIGTERM) }
        let favourited = try await process.served.get(RouterDestination.favoritedBy(id: "\(number)").path, json: true)
        #expect(try accts(favourited.body) == ["carol@icebox.test"], "\(favourited.body)")
        let bobs = try await process.served.get("/notifications?type=favourite", json: true)
        #expect(try records(bobs.body).contains { $0["acct"] as? String == "frank@icebox.test" }, "bob's is kept")
    }

    private func records(_ body: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]])
    }

    private func accts(_ body: String) throws -> [String] {
        try records(body).compactMap { $0["acct"] as? String }
    }
}
