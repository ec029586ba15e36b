import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing

/// Another server's word is not the truth (issue 27): a post is marked gone, redacted or shown in a new
/// version only on the word of a server that speaks for it. Two servers on two loopback addresses serve
/// the same posts: the origin (127.0.0.1, the host of every post's uri) and an anonymous copy server
/// (127.0.0.2, read with `remote:`), each under its own ids.
@Suite(.serialized) struct DeletionAuthorityTests {
    /// The origin and its copy, pinned anonymously in one archive and synced.
    struct TwoServers {
        let origin: TestServer
        let copy: TestServer
        let fixture: SyncFixture

        var originHost: String { "127.0.0.1:\(origin.port)" }
        var copyHost: String { "127.0.0.2:\(copy.port)" }

        static func start(pin: [Bool] = [true, true]) async throws -> TwoServers {
            let port = try FreePort.onLoopback()
            let configure = { (config: inout TestServerConfig) in
                config.statusCount = 40
                config.fixturesDirectory = nil
                config.domain = "127.0.0.1:\(port)"
                config.rateLimit = RateLimit(limit: 1_000_000, window: 300)
                config.streaming.heartbeat = 0.25
            }
            // The same seed and domain: the copy server serves the origin's posts, uris and all.
            let fixture = try await SyncFixture.start(statuses: 40) { config in
                configure(&config)
                config.port = port
            }
            var copyConfig = TestServerConfig()
            configure(&copyConfig)
            copyConfig.bindAddress = "127.0.0.2"
            let copy = try await TestServer.start(copyConfig)
            let servers = TwoServers(origin: fixture.server, copy: copy, fixture: fixture)
            if pin[0] { _ = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil) }
            if pin[1] { _ = try await fixture.pin("remote:\(copy.baseURL.absoluteString)", account: nil) }
            let reports = try await fixture.sync()
            #expect(reports.allSatisfy { $0.outcome == .ok }, "\(reports.compactMap(\.error))")
            return servers
        }

        func stop() async {
            await origin.stop()
            await copy.stop()
        }

        /// Two local posts both servers serve, by their id (the same on both) and archive number.
        func twoPosts() async throws -> [(id: String, number: Int64)] {
            let ids = await origin.timelineIDs(.local).prefix(2)
            var posts: [(String, Int64)] = []
            for id in ids {
                let number = try #require(try await fixture.archive.findStatus(server: copyHost, localID: id))
                #expect(
                    try await fixture.archive.findStatus(server: originHost, localID: id) == number,
                    "one post, two copies")
                #expect(try await fixture.archive.status(number: number).uri.hasPrefix("https://\(originHost)/"))
                posts.append((id, number))
            }
            try #require(posts.count == 2)
            return posts
        }

        func rechecker() throws -> Rechecker {
            var options = SyncOptions()
            options.timeout = 10
            return Rechecker(
                archive: fixture.archive, credentials: try fixture.credentials.load(), options: options,
                logger: Logger(label: "recheck"))
        }

        func copyGone(_ number: Int64) async throws -> Bool {
            try await fixture.archive.serverIDs(of: number).first { $0.server == copyHost }?.goneAt != nil
        }
    }

    @Test func aCopyServerLeavingAPostOutOfARecheckMarksOnlyItsCopyWhileTheOriginIsHeard() async throws {
        let servers = try await TwoServers.start()
        defer { Task { await servers.stop() } }
        let archive = servers.fixture.archive
        try await archive.setDeletionPolicy(.redact)
        let posts = try await servers.twoPosts()
        // The copy server drops the first post (the origin still has it); the origin deletes the second.
        #expect(await servers.copy.deleteStatus(id: posts[0].id))
        #expect(await servers.origin.deleteStatus(id: posts[1].id))
        let reports = try await servers.rechecker().run(days: 36_500)
        #expect(reports.allSatisfy { $0.error == nil }, "\(reports)")
        let first = try await archive.status(number: posts[0].number)
        #expect(first.goneAt == nil && first.redactedAt == nil, "the copy server's word erased nothing")
        #expect(try await servers.copyGone(posts[0].number))
        #expect(reports.first { $0.server == servers.copyHost }?.copiesGone == 1)
        let second = try await archive.status(number: posts[1].number)
        #expect(second.goneVia == .recheck && second.redactedAt != nil, "the origin's word counts")
        // The copy server is not asked again about the copy it said is gone.
        await servers.copy.clearRequestLog()
        let again = try await servers.rechecker().run(days: 36_500)
        #expect(again.first { $0.server == servers.copyHost }?.copiesGone == 0)
        let asked = await servers.copy.requestLog().flatMap { request in
            request.query.filter { $0.name == "id[]" }.map(\.value) + [
                request.path.split(separator: "/").last.map(String.init) ?? ""
            ]
        }
        #expect(!asked.contains(posts[0].id), "\(asked)")
    }

    @Test func aCopyServersDeleteEventMarksOnlyItsCopyAndTheOriginsMarksThePost() async throws {
        let servers = try await TwoServers.start()
        defer { Task { await servers.stop() } }
        let archive = servers.fixture.archive
        let posts = try await servers.twoPosts()
        let watch = try WatchFixture.start(servers.fixture)
        try await waitUntil(seconds: 20) {
            let origin = await servers.origin.streamCounts().open
            let copy = await servers.copy.streamCounts().open
            return origin >= 1 && copy >= 1
        }
        #expect(await servers.copy.deleteStatus(id: posts[0].id))
        #expect(await servers.origin.deleteStatus(id: posts[1].id))
        try await waitUntil(seconds: 20) { try await archive.status(number: posts[1].number).goneVia == .stream }
        try await waitUntil(seconds: 20) { try await servers.copyGone(posts[0].number) }
        _ = try await watch.stop()
        #expect(
            try await archive.status(number: posts[0].number).goneAt == nil, "the copy server's event erased nothing")
    }

    @Test func aCopyServersEditIsKeptAsACopyAndTheOriginsEditIsShown() async throws {
        // Only the copy server is read at first: its copy is the one shown.
        let servers = try await TwoServers.start(pin: [false, true])
        defer { Task { await servers.stop() } }
        let archive = servers.fixture.archive
        let post = try #require(await servers.copy.timelineIDs(.local).first)
        let number = try #require(try await archive.findStatus(server: servers.copyHost, localID: post))
        let before = try await archive.status(number: number).raw
        #expect(await servers.copy.editStatus(id: post, content: "forged by the copy server"))
        _ = try await servers.rechecker().run(days: 36_500)
        let kept = try await archive.status(number: number)
        #expect(kept.raw == before, "the copy server's edit of another host's post is not shown")
        #expect(kept.versions.isEmpty)
        #expect(kept.otherCopies.contains(servers.copyHost), "it is kept among the copies: \(kept.otherCopies)")
        // The post's own server edits it: its version is shown.
        #expect(await servers.origin.editStatus(id: post, content: "edited by its author"))
        _ = try await servers.fixture.pin("remote:\(servers.origin.baseURL.absoluteString)", account: nil)
        #expect(try await servers.fixture.sync().allSatisfy { $0.outcome == .ok })
        let shown = String(decoding: try await archive.status(number: number).raw, as: UTF8.self)
        #expect(shown.contains("edited by its author"))
    }

    @Test func aThreadFetchedFromACopyServerThatAnswers404MarksOnlyItsCopy() async throws {
        let servers = try await TwoServers.start(pin: [false, true])
        defer { Task { await servers.stop() } }
        let archive = servers.fixture.archive
        let post = try #require(await servers.copy.timelineIDs(.local).first)
        let number = try #require(try await archive.findStatus(server: servers.copyHost, localID: post))
        #expect(await servers.copy.deleteStatus(id: post))
        let fetcher = ThreadFetcher(
            archive: archive, credentials: try servers.fixture.credentials.load(),
            logger: Logger(label: "fetch"))
        let report = try await fetcher.complete(around: number)
        #expect(report.gone == 0 && report.server == servers.copyHost)
        #expect(try await archive.status(number: number).goneAt == nil, "a 404 from a copy erased nothing")
        #expect(try await servers.copyGone(number))
    }

    /// The user's own server relays its federation's deletes: a post of another host (icebox.test)
    /// that alice's server no longer has is marked gone, as before.
    @Test func theUsersOwnServerStillRelaysTheDeleteOfARemotePost() async throws {
        let fixture = try await SyncFixture.start(statuses: 40) { config in
            config.fixturesDirectory = nil
            config.homeShare = 1
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        _ = try await fixture.pin("local", account: nil)
        #expect(try await fixture.sync().allSatisfy { $0.outcome == .ok })
        let id = try #require(await fixture.server.timelineIDs(.local).first)
        let number = try #require(try await fixture.archive.findStatus(server: fixture.address.host, localID: id))
        #expect(
            try await fixture.archive.status(number: number).uri.hasPrefix("https://icebox.test/"),
            "another host's post")
        #expect(await fixture.server.deleteStatus(id: id))
        var options = SyncOptions()
        options.timeout = 10
        let reports = try await Rechecker(
            archive: fixture.archive, credentials: try fixture.credentials.load(),
            options: options, logger: Logger(label: "recheck")
        ).run(days: 36_500)
        #expect(reports.map(\.gone).reduce(0, +) >= 1)
        #expect(try await fixture.archive.status(number: number).goneVia == .recheck)
    }
}
