import Archive
import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import REPL
import Testing

/// Who favourited and who boosted a post, and the notifications, in the REPL (issue 44): each a route
/// on the navigation stack, from the notifications of the post's author (`timeline add notifications`)
/// beside the boosts a timeline carried, each account once; `back` returns as from any screen.
@Suite(.serialized) struct ReactionScreenTests {
    @Test func favouritedByBoostedByAndNotificationsAreRoutes() async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        config.homeShare = 1
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let own = try #require(await server.addStatus(username: "alice", text: "a post people liked"))
        // bob favourites it twice (unfavourited in between): one account, once.
        for from in ["bob", "carol", "bob"] {
            #expect(await server.addNotification(to: "alice", type: "favourite", from: from, statusID: own) != nil)
        }
        // dave's boost is archived (home carries it) and told; erin's boost is only told.
        #expect(await server.addBoost(of: own, username: "dave") != nil)
        #expect(await server.addNotification(to: "alice", type: "reblog", from: "dave", statusID: own) != nil)
        #expect(await server.addNotification(to: "alice", type: "reblog", from: "erin", statusID: own) != nil)
        #expect(await server.addNotification(to: "alice", type: "follow", from: "frank") != nil)

        let home = try TemporaryDirectory("icebox-repl-reactions")
        let logger = Logger(label: "repl-test")
        let archive = try await AliceArchive.sync(
            from: server, into: home.url, logger: logger, alsoPinning: ["notifications"])
        var session = REPLSession(
            archive: archive,
            exporter: Exporter(
                archive: archive, home: IceboxHome(directory: home.url), version: "test", logger: logger),
            logger: logger, pageSize: 1000)
        let number = try #require(try await archive.findStatus("https://icebox.test/users/alice/statuses/\(own)"))

        #expect(await session.execute("favourited-by").failure?.contains("no status on screen") == true)
        _ = await session.execute("open #\(number)")
        let favourited = await session.execute("favourited-by")
        #expect(favourited.failure == nil, "\(favourited)")
        #expect(handles(favourited.output) == ["bob@icebox.test", "carol@icebox.test"], "\(favourited.output)")
        #expect(await session.execute("path").output.hasSuffix("/statuses/\(number)/favourited_by"))
        _ = await session.execute("back")
        let boosted = await session.execute("boosted-by")
        #expect(Set(handles(boosted.output)) == ["dave@icebox.test", "erin@icebox.test"], "\(boosted.output)")
        #expect(boosted.output.contains("2 archived boosts"))
        #expect(await session.execute("path").output.hasSuffix("/statuses/\(number)/reblogged_by"))

        // The server's own notifications too (its corpus has some): every one is listed.
        let sent = await server.notificationObjects("alice").count
        let notifications = await session.execute("notifications")
        #expect(notifications.output.hasPrefix("notifications: \(sent) archived"), "\(notifications)")
        let lines = notifications.output.split(separator: "\n").dropFirst()
        #expect(
            lines.count == sent
                && lines.filter { $0.contains("a post people liked") || $0.contains(" favourite ") }.count >= 3)
        #expect(lines.contains { $0.contains(" follow ") && $0.contains("@frank@icebox.test") })
        #expect(await session.execute("path").output.hasSuffix("/timelines/notifications"))
        _ = await session.execute("back")
        #expect(await session.execute("path").output.hasSuffix("/statuses/\(number)/reblogged_by"))
    }

    /// The handles a people screen lists, in its order.
    private func handles(_ output: String) -> [String] {
        output.split(separator: "\n").dropFirst().compactMap { line in
            line.hasPrefix("@") ? line.split(separator: " ").first.map { String($0.dropFirst()) } : nil
        }
    }
}
