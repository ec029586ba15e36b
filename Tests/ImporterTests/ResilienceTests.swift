import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import Models
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What periodic archiving jobs need: late posts, edits, rate limits, faults, trimmed feeds.
@Suite struct ResilienceTests {
    @Test func lateFederatedPostsInsideTheOverlapWindowAreArchived() async throws {
        let fixture = try await SyncFixture.start()
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("federated", account: nil)
        _ = try await fixture.sync()
        // Posts arrive late with ids a little below the newest archived one, and one far below.
        let inside = await fixture.server.addBackdatedStatuses(6, secondsAgo: 30)
        let outside = await fixture.server.addBackdatedStatuses(1, secondsAgo: 3_000_000)
        let report = try await fixture.sync()
        let archived = Set(try await fixture.archive.allStatusURIs())
        // The federated timeline leaves out replies to others, so not all of them are served there.
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/public",
            token: nil)
        let lateServed = try await uris(of: inside, on: fixture.server).intersection(served)
        #expect(!lateServed.isEmpty)
        #expect(lateServed.isSubset(of: archived))
        #expect(report.first?.new == lateServed.count, "\(report)")
        #expect(
            try await uris(of: outside, on: fixture.server).isDisjoint(with: archived),
            "below the window is out of reach of a catch-up: the documented limit")
    }

    @Test func anEditInsideTheOverlapWindowUpdatesAndKeepsTheEarlierVersion() async throws {
        let fixture = try await SyncFixture.start()
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("local", account: nil)
        _ = try await fixture.sync()
        let local = await fixture.server.timelineIDs(.local)
        let target = try #require(local.dropFirst(3).first)
        #expect(await fixture.server.editStatus(id: target, content: "corrected: the heron was a crane"))
        let report = try await fixture.sync()
        #expect(report.first?.updated == 1)
        let uri = try #require(try await uris(of: [target], on: fixture.server).first)
        #expect(try await fixture.archive.matchingURIs(fts: "crane") == [uri])
        #expect(try await fixture.archive.versions(uri: uri).count == 1)
    }

    @Test func ratelimitedAndFlakyServerStillGetsEverythingWithoutOverdrawingTheBudget() async throws {
        let fixture = try await SyncFixture.start(statuses: 2400) { config in
            config.homeShare = 1
            config.rateLimit = RateLimit(limit: 25, window: 2)
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        var faults = Faults()
        faults.every429 = 50
        faults.unavailableRate = 0.05
        faults.seed = 7
        await fixture.server.setFaults(faults)
        _ = try await fixture.pin("home", account: nil)
        let reports = try await fixture.sync { $0.rateReserve = 3 }
        #expect(reports.first?.outcome == .ok, "\(reports)")
        let log = await fixture.server.requestLog()
        #expect(log.contains { $0.status == 429 } && log.contains { $0.status == 503 }, "the faults happened")
        #expect(!log.contains { $0.overBudget }, "no request was sent while the advertised budget was used up")
        await fixture.server.setFaults(Faults())
        await fixture.server.setRateLimit(RateLimit(limit: 10_000, window: 300))
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
    }

    @Test func persistentServerErrorsFailOnlyThatTimelineAfterBoundedRetries() async throws {
        var faults = Faults()
        faults.serverErrorRate = 1
        faults.pathPrefixes = ["/api/v1/timelines/home"]
        let fixture = try await SyncFixture.start(faults: faults)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        _ = try await fixture.pin("local", account: nil)
        let reports = try await fixture.sync { $0.attempts = 3 }
        #expect(reports.first { $0.timeline.hasPrefix("home") }?.outcome == .failed)
        #expect(reports.first { $0.timeline.hasPrefix("home") }?.error?.contains("500") == true)
        #expect(reports.first { $0.timeline.hasPrefix("local") }?.outcome == .ok)
        #expect(await fixture.server.requestLog().filter { $0.path == "/api/v1/timelines/home" }.count == 3)
    }

    @Test func aTrimmedHomeFeedIsReportedAsAPossibleGap() async throws {
        let fixture = try await SyncFixture.start(statuses: 100) { config in
            config.homeShare = 1
            config.homeFeedLimit = 120
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        let quiet = try await fixture.sync()
        #expect(quiet.first?.warnings.isEmpty == true)
        _ = await fixture.server.addStatuses(30)
        #expect(try await fixture.sync().first?.warnings.isEmpty == true, "a small catch-up reaches the archive")
        _ = await fixture.server.addStatuses(200)
        let trimmed = try await fixture.sync()
        #expect(trimmed.first?.warnings.contains { $0.contains("possible gap") } == true, "\(trimmed)")
    }

    @Test func aDisabledFeedIsReportedAsRefusedNotAsAnEmptyArchive() async throws {
        let fixture = try await SyncFixture.start(access: TimelinesAccess(all: .disabled))
        defer { Task { await fixture.server.stop() } }
        let timeline = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil)
        let reports = try await fixture.sync()
        #expect(reports.first?.outcome == .refused)
        #expect(reports.first?.error?.contains("switched off") == true)
        #expect(try await fixture.archive.timeline(id: timeline.id).backfillComplete == false)
    }

    @Test func sinceStopsTheBackfill() async throws {
        let fixture = try await SyncFixture.start(statuses: 300) { $0.homeShare = 1 }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        let timeline = try await fixture.pin("home", account: nil)
        let all = await fixture.server.timelineIDs(.home("alice"))
        let middle = try #require(try await uris(of: [all[all.count / 2]], on: fixture.server, dates: true).first)
        let since = try #require(MastodonDate.parse(middle))
        _ = try await fixture.sync { $0.since = since }
        let stats = try await fixture.archive.stats()
        #expect(stats.statuses < all.count, "stopped before the end")
        #expect(try #require(stats.oldest) <= middle, "reached the date")
        #expect(try await fixture.archive.timeline(id: timeline.id).backfillComplete == false)
    }

    @Test func aHangingServerTimesOutAndFailsOnlyThatTimeline() async throws {
        var faults = Faults()
        faults.hangRate = 1
        faults.hangSeconds = 12
        faults.pathPrefixes = ["/api/v1/timelines/home"]
        let fixture = try await SyncFixture.start(statuses: 50, faults: faults)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        _ = try await fixture.pin("local", account: nil)
        // A timeout well below the hang, and well above what a loaded two-core machine running the
        // whole suite takes to answer the healthy timeline (1 s was not).
        let reports = try await fixture.sync {
            $0.timeout = 4
            $0.attempts = 2
        }
        let home = reports.first { $0.timeline.hasPrefix("home") }
        #expect(home?.outcome == .failed)
        #expect(home?.error?.contains("timed out") == true, "\(String(describing: home?.error))")
        let local = reports.first { $0.timeline.hasPrefix("local") }
        #expect(local?.outcome == .ok, "\(String(describing: local?.error))")
    }

    /// A sync cancelled (SIGTERM, a watch stopping) mid-request gives up: the request its cancellation
    /// broke is not retried as if the server had failed (the old code retried it, at once, four times).
    @Test func aCancelledSyncDoesNotRetryTheRequestItsCancellationBroke() async throws {
        var faults = Faults()
        faults.hangRate = 1
        faults.hangSeconds = 30
        faults.pathPrefixes = ["/api/v1/timelines/home"]
        let fixture = try await SyncFixture.start(statuses: 20, faults: faults)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        var options = SyncOptions()
        options.timeout = 60
        options.attempts = 4
        options.backoff = .milliseconds(10)
        let synchronizer = Synchronizer(
            archive: fixture.archive, credentials: try fixture.credentials.load(),
            options: options, logger: Logger(label: "sync"))
        let activities = ActivityLog()
        let sync = Task { try await synchronizer.run { activities.append($0.activity) } }
        try await waitUntil(seconds: 30) {
            await fixture.server.requestLog().contains { $0.path == "/api/v1/timelines/home" }
        }
        sync.cancel()
        let reports = await outcome(within: .seconds(60)) { try? await sync.value }
        #expect(reports??.first?.outcome == .failed, "\(String(describing: reports))")
        let retries = activities.all.filter { if case .retrying = $0 { true } else { false } }
        #expect(retries.isEmpty, "\(retries)")
    }

    @Test func aFeedStillBeingRebuiltIsAskedAgainLaterInTheRun() async throws {
        var faults = Faults()
        faults.partialHomeRate = 0.5
        faults.seed = 3
        let fixture = try await SyncFixture.start(faults: faults)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        let reports = try await fixture.sync { $0.attempts = 8 }
        #expect(reports.first?.outcome == .ok, "\(reports)")
        #expect(await fixture.server.requestLog().contains { $0.status == 206 }, "the fault happened")
        await fixture.server.setFaults(Faults())
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
    }

    /// The uris (or creation dates) of statuses by their ids on the test server.
    private func uris(of ids: [String], on server: TestServer, dates: Bool = false) async throws -> Set<String> {
        var result = Set<String>()
        for id in ids {
            let (data, _) = try await URLSession.shared.data(from: server.url("/api/v1/statuses/\(id)"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            if let value = object?[dates ? "created_at" : "uri"] as? String { result.insert(value) }
        }
        return result
    }
}

/// What a sync reported doing, in order.
final class ActivityLog: @unchecked Sendable {
    private let lock = NSLock()
    private var activities: [SyncActivity] = []

    func append(_ activity: SyncActivity) { lock.withLock { activities.append(activity) } }
    var all: [SyncActivity] { lock.withLock { activities } }
}
