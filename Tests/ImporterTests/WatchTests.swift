import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import MastodonAPI
import MastodonTestServer
import Models
import Testing
import Transport

/// `icebox watch` in this process against a streaming test server (issue 17).
@Suite(.serialized) struct WatchTests {
    static func streamingFixture(statuses: Int = 60, configure: (inout TestServerConfig) -> Void = { _ in })
        async throws -> SyncFixture
    {
        let fixture = try await SyncFixture.start(statuses: statuses) { config in
            config.fixturesDirectory = nil
            config.homeShare = 1
            config.rateLimit = RateLimit(limit: 1_000_000, window: 300)
            config.streaming.heartbeat = 0.25
            configure(&config)
        }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        _ = try await fixture.pin("local", account: nil)
        return fixture
    }

    /// Whether every id is archived (by its id on the server).
    static func archived(_ ids: [String], _ fixture: SyncFixture) async throws -> Bool {
        for id in ids where try await fixture.archive.findStatus(server: fixture.address.host, localID: id) == nil {
            return false
        }
        return true
    }

    @Test func fiveHundredPostsWithDeletesEditsAndTenDroppedStreamsAreAllKept() async throws {
        let fixture = try await Self.streamingFixture()
        defer { Task { await fixture.server.stop() } }
        let watch = try WatchFixture.start(fixture)
        try await watch.waitForStreams(2)
        var posted: [String] = []
        var deleted: [String] = []
        var edited: [String] = []
        let drops = Set((0..<10).map { _ in Int.random(in: 10..<490) })
        for step in 0..<500 {
            posted += await fixture.server.addStatuses(1)
            if Int.random(in: 0..<1000) < 5 { try await Task.sleep(for: .milliseconds(Int.random(in: 1...30))) }
            if step % 25 == 7, let victim = posted.dropLast().randomElement(), !deleted.contains(victim) {
                // Deleted after the watch archived it: the stream's delete event marks it.
                try await waitUntil(seconds: 20) { try await Self.archived([victim], fixture) }
                if await fixture.server.deleteStatus(id: victim) { deleted.append(victim) }
            }
            if step % 25 == 19, let target = posted.filter({ !deleted.contains($0) }).randomElement() {
                try await waitUntil(seconds: 20) { try await Self.archived([target], fixture) }
                if await fixture.server.editStatus(id: target, content: "edited at step \(step)") {
                    edited.append(target)
                }
            }
            if drops.contains(step) {
                await fixture.server.dropStreams()
                // Posts made while the stream is down are read by the REST catch-up of the reconnection.
                posted += await fixture.server.addStatuses(3)
                try await watch.waitForStreams(2)
            }
        }
        let alive = posted.filter { !deleted.contains($0) }
        try await waitUntil(seconds: 60) { try await Self.archived(alive, fixture) }
        try await waitUntil(seconds: 30) {
            for id in deleted {
                guard let number = try await fixture.archive.findStatus(server: fixture.address.host, localID: id),
                    try await fixture.archive.status(number: number).goneVia == .stream
                else { return false }
            }
            return true
        }
        for id in Set(edited).subtracting(deleted) {
            let number = try #require(try await fixture.archive.findStatus(server: fixture.address.host, localID: id))
            try await waitUntil(seconds: 20) { try await fixture.archive.status(number: number).versions.count >= 1 }
            #expect(
                String(decoding: try await fixture.archive.status(number: number).raw, as: UTF8.self).contains(
                    "edited at step"))
        }
        #expect(await fixture.server.streamCounts().opened >= 2 + 2 * drops.count, "every drop was reconnected")
        let stopped = Date()
        _ = try await watch.stop()
        #expect(Date().timeIntervalSince(stopped) < 20, "a cancelled watch ends")
        #expect(try await fixture.archive.gaps(timelineID: nil, includingClosed: false).isEmpty)
    }

    @Test func aFeedTrimmedTo400WhileWatchRunsLeavesNoGap() async throws {
        let fixture = try await Self.streamingFixture(statuses: 300) { $0.homeFeedLimit = 400 }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.sync()
        let watch = try WatchFixture.start(fixture)
        try await watch.waitForStreams(2)
        let burst = await fixture.server.addStatuses(900)
        try await waitUntil(seconds: 60) { try await Self.archived(burst, fixture) }
        _ = try await watch.stop()
        _ = await fixture.server.addStatuses(10)
        let reports = try await fixture.sync()
        #expect(
            reports.allSatisfy { !$0.warnings.contains { $0.contains("possible gap") } }, "\(reports.map(\.warnings))")
        // A window the catch-up of the (re)connection saw trimmed is closed by the stream that covered it.
        let gaps = try await fixture.archive.gaps(timelineID: nil, includingClosed: false)
        #expect(gaps.isEmpty, "\(gaps)")
    }

    @Test func garbageAStalledStreamAndAnOversizedLineAreSurvived() async throws {
        let fixture = try await Self.streamingFixture()
        defer { Task { await fixture.server.stop() } }
        let watch = try WatchFixture.start(fixture)
        try await watch.waitForStreams(2)
        var posted: [String] = []
        await fixture.server.sendToStreams(
            Data("garbage\u{0}\n{{{\ndata: not json\nevent: update\ndata: [1,2\n\n".utf8))
        posted += await fixture.server.addStatuses(5)
        // The broken event is kept with its bytes; the statuses streamed beside it are stored all the same.
        try await waitUntil(seconds: 30) {
            try await fixture.archive.unreadableStatuses().contains {
                String(decoding: $0.raw, as: UTF8.self).hasSuffix("[1,2")
            }
        }
        try await waitUntil(seconds: 30) { try await Self.archived(posted, fixture) }
        await fixture.server.sendToStreams(Data(repeating: UInt8(ascii: "x"), count: 3 << 20))
        posted += await fixture.server.addStatuses(5)
        try await waitUntil(seconds: 30) { try await Self.archived(posted, fixture) }
        try await watch.waitForStreams(2)
        try await Task.sleep(for: .milliseconds(500))
        let opened = await fixture.server.streamCounts().opened
        await fixture.server.setStreamsStalled(true)
        posted += await fixture.server.addStatuses(5)
        // Silent past the idle timeout (2 s): the watch reconnects and catches up.
        try await waitUntil(seconds: 30) { await fixture.server.streamCounts().opened >= opened + 2 }
        await fixture.server.setStreamsStalled(false)
        posted += await fixture.server.addStatuses(5)
        try await waitUntil(seconds: 30) { try await Self.archived(posted, fixture) }
        _ = try await watch.stop()
    }

    @Test func mentionsComeAsNotificationsOfTheUserStream() async throws {
        let fixture = try await Self.streamingFixture()
        defer { Task { await fixture.server.stop() } }
        let mentions = try await fixture.pin("mentions", account: nil)
        // Polled only every five minutes: a mention archived within seconds came by the stream.
        let watch = try WatchFixture.start(fixture, options: WatchFixture.options(fixture, poll: .seconds(300)))
        try await watch.waitForStreams(3)
        try await Task.sleep(for: .milliseconds(500))
        let id = try #require(
            await fixture.server.addStatus(username: "bob", text: "hello @alice", mentioning: ["alice"]))
        try await waitUntil(seconds: 20) {
            guard let number = try await fixture.archive.findStatus(server: fixture.address.host, localID: id) else {
                return false
            }
            let uri = try await fixture.archive.status(number: number).uri
            return try await fixture.archive.statusURIs(timelineID: mentions.id).contains(uri)
        }
        _ = try await watch.stop()
    }

    @Test func aServerWithoutStreamingIsPolled() async throws {
        let fixture = try await Self.streamingFixture { $0.streaming.enabled = false }
        defer { Task { await fixture.server.stop() } }
        let watch = try WatchFixture.start(fixture, options: WatchFixture.options(fixture, poll: .milliseconds(300)))
        let posted = await fixture.server.addStatuses(20)
        try await waitUntil(seconds: 30) { try await Self.archived(posted, fixture) }
        _ = try await watch.stop()
        #expect(await fixture.server.streamCounts().opened == 0)
    }

    @Test func aStreamingOriginOnAnotherPortGetsNoTokenAndTheTimelinesArePolled() async throws {
        let fixture = try await Self.streamingFixture { $0.streaming.separateOrigin = true }
        defer { Task { await fixture.server.stop() } }
        #expect(fixture.server.streamingURL.port != fixture.server.baseURL.port)
        let watch = try WatchFixture.start(fixture, options: WatchFixture.options(fixture, poll: .milliseconds(300)))
        let posted = await fixture.server.addStatuses(10)
        try await waitUntil(seconds: 30) { try await Self.archived(posted, fixture) }
        _ = try await watch.stop()
        let log = await fixture.server.requestLog()
        let elsewhere = log.filter { $0.listener == "streaming" }
        #expect(elsewhere.allSatisfy { !$0.hadToken }, "another port of the host never sees the token: \(elsewhere)")
        #expect(!log.contains { $0.token != nil && $0.listener != "api" })
    }

    @Test func aStreamingOriginIsTheServersOwnSchemeHostAndPort() throws {
        let server = try ServerAddress("http://127.0.0.1:4000")
        #expect(try StreamingOrigin.resolve("ws://127.0.0.1:4000", for: server) == server)
        #expect(try StreamingOrigin.resolve(nil, for: server) == server)
        for elsewhere in ["ws://127.0.0.1:4001", "ws://127.0.0.2:4000"] {
            #expect(throws: StreamingOrigin.Refused.self) { try StreamingOrigin.resolve(elsewhere, for: server) }
        }
        let social = try ServerAddress("https://social.example")
        for elsewhere in [
            "wss://evil.example", "wss://social.example:8443", "wss://streaming.social.example:8443",
            "wss://social.example.evil",
        ] {
            #expect(throws: StreamingOrigin.Refused.self) { try StreamingOrigin.resolve(elsewhere, for: social) }
        }
        // mastodon.social's shape: a name under the server's, https on the same (default) port.
        #expect(
            try StreamingOrigin.resolve("wss://streaming.social.example", for: social)
                == (try ServerAddress("https://streaming.social.example")))
        #expect(
            try StreamingOrigin.resolve("wss://streaming.social.example:443/", for: social)
                == (try ServerAddress("https://streaming.social.example")))
    }

    @Test func aStreamThatClosesAtOnceIsReopenedWithGrowingWaits() async throws {
        let fixture = try await Self.streamingFixture()
        defer { Task { await fixture.server.stop() } }
        var modes = HostileModes()
        modes.streamsCloseAtOnce = true
        await fixture.server.setHostile(modes)
        // The default backoff (1 s doubling to 120 s) scaled by 1/20: a minute is 3 s.
        var options = WatchFixture.options(fixture)
        options.minBackoff = .milliseconds(50)
        options.maxBackoff = .seconds(6)
        let watch = try WatchFixture.start(fixture, options: options)
        try await Task.sleep(for: .seconds(3))
        _ = try await watch.stop()
        let opened = await fixture.server.streamCounts().opened
        let catchUps = await fixture.server.requestLog().filter {
            $0.path.hasPrefix("/api/v1/timelines/") && $0.query.contains { $0.name == "min_id" }
        }.count
        // Two timelines (home and local): at most ten opens and ten catch-ups each.
        #expect(opened >= 4, "each stream was reopened")
        #expect(opened <= 20, "\(opened) opens")
        #expect(catchUps <= 20, "\(catchUps) catch-ups")
    }
}
