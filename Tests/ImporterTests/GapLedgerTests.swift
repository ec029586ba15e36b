import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import MastodonTestServer
import Models
import Testing

/// The gap ledger (issue 17): windows a sync could not read are recorded with their bounds, and closed
/// when a later catch-up reads through them.
@Suite(.serialized) struct GapLedgerTests {
    @Test func aHomeFeedTrimmedWhileNothingWatchedLeavesOneGapWithItsBounds() async throws {
        let fixture = try await SyncFixture.start(statuses: 500) { config in
            config.fixturesDirectory = nil
            config.homeShare = 1
            config.homeFeedLimit = 400
            config.rateLimit = RateLimit(limit: 100_000, window: 300)
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        let home = try await fixture.pin("home", account: nil)
        _ = try await fixture.sync()
        #expect(try await fixture.archive.gaps(timelineID: nil, includingClosed: true).isEmpty)
        let newestArchived = try #require(await fixture.server.timelineIDs(.home("alice")).first)
        _ = await fixture.server.addStatuses(700)
        let served = await fixture.server.timelineIDs(.home("alice"))
        #expect(served.count == 400)
        let oldestServed = try #require(served.last)
        let reports = try await fixture.sync()
        #expect(reports.first?.warnings.contains { $0.contains("possible gap") } == true)
        let gaps = try await fixture.archive.gaps(timelineID: nil, includingClosed: true)
        #expect(gaps.count == 1, "\(gaps)")
        let gap = try #require(gaps.first)
        #expect(gap.timelineID == home.id && gap.cause == .trimmed && gap.isOpen)
        #expect(gap.fromID == newestArchived && gap.toID == oldestServed)
        #expect(gap.fromTime == (try await Self.createdAt(newestArchived, fixture)))
        #expect(gap.toTime == (try await Self.createdAt(oldestServed, fixture)))
        // Synced often enough from then on: no further gap, and the recorded one stays open.
        _ = await fixture.server.addStatuses(50)
        _ = try await fixture.sync()
        let after = try await fixture.archive.gaps(timelineID: nil, includingClosed: true)
        #expect(after.count == 1 && after.first?.isOpen == true)
    }

    @Test func aRefusedTimelineLeavesAGapThatTheNextCatchUpCloses() async throws {
        let fixture = try await SyncFixture.start(statuses: 120) { $0.fixturesDirectory = nil }
        defer { Task { await fixture.server.stop() } }
        let timeline = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil)
        _ = try await fixture.sync()
        let cursor = try await fixture.archive.timeline(id: timeline.id).newestCursor
        await fixture.server.setTimelinesAccess(TimelinesAccess(all: .authenticated))
        _ = await fixture.server.addStatuses(20)
        #expect(try await fixture.sync().first?.outcome == .refused)
        let open = try await fixture.archive.gaps(timelineID: timeline.id, includingClosed: false)
        #expect(
            open.count == 1 && open.first?.cause == .refused && open.first?.fromID == cursor
                && open.first?.fromTime != nil)
        #expect(try await fixture.sync().first?.outcome == .refused)
        #expect(
            try await fixture.archive.gaps(timelineID: timeline.id, includingClosed: true).count == 1,
            "refused twice, one gap")
        await fixture.server.setTimelinesAccess(TimelinesAccess(all: .public))
        #expect(try await fixture.sync().first?.outcome == .ok)
        let closed = try await fixture.archive.gaps(timelineID: timeline.id, includingClosed: true)
        #expect(closed.count == 1 && closed.first?.closedBy == "sync" && closed.first?.isOpen == false)
    }

    static func createdAt(_ id: String, _ fixture: SyncFixture) async throws -> String? {
        guard let number = try await fixture.archive.findStatus(server: fixture.address.host, localID: id) else {
            return nil
        }
        return try await fixture.archive.exportRecords([number]).first?.createdAt
    }
}
