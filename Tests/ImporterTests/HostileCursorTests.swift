import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import MastodonTestServer
import Testing

/// A server cannot keep a timeline paging forever: cursors that come back (A, B, A, B), a catch-up
/// that always has newer pages, a backfill cursor that does not move, a 429 that never clears.
@Suite struct HostileCursorTests {
    /// A local timeline synced once, then served with catch-up cursors that never end.
    private func syncedThenHostile(_ mode: HostileModes.CatchUpMode) async throws -> SyncFixture {
        let fixture = try await SyncFixture.start(statuses: 60)
        _ = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil)
        _ = try await fixture.sync()
        var modes = HostileModes()
        modes.catchUp = mode
        await fixture.server.setHostile(modes)
        await fixture.server.clearRequestLog()
        return fixture
    }

    @Test(.timeLimit(.minutes(1)))
    func alternatingCatchUpCursorsStopWithAWarning() async throws {
        let fixture = try await syncedThenHostile(.alternating)
        defer { Task { await fixture.server.stop() } }
        let report = try #require(try await fixture.sync().first)
        let catchUps = await fixture.server.requestLog().filter { $0.value("min_id") != nil }
        #expect(catchUps.count <= 4, "stops when a cursor comes back: \(catchUps.count) requests")
        #expect(report.outcome == .ok)
        #expect(report.warnings.contains { $0.contains("came back to") }, "\(report.warnings)")
    }

    @Test(.timeLimit(.minutes(1)))
    func endlessCatchUpStopsAtThePageCap() async throws {
        let fixture = try await syncedThenHostile(.endless)
        defer { Task { await fixture.server.stop() } }
        let report = try #require(try await fixture.sync { $0.catchUpPages = 7 }.first)
        let catchUps = await fixture.server.requestLog().filter { $0.value("min_id") != nil }
        #expect(catchUps.count == 7, "exactly the cap: \(catchUps.count) requests")
        #expect(report.warnings.contains { $0.contains("after 7 pages") }, "\(report.warnings)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aStuckBackfillCursorIsNotWalkedAgainOnLaterRuns() async throws {
        let fixture = try await SyncFixture.start(statuses: 1000)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil)
        var modes = HostileModes()
        modes.stuckBackfill = true
        await fixture.server.setHostile(modes)
        let first = try #require(try await fixture.sync(backfillPages: 50).first)
        let walked = await fixture.server.requestLog().filter { $0.value("max_id") != nil }
        #expect(walked.count <= 2, "stops when the cursor does not move: \(walked.count) requests")
        #expect(
            first.warnings.contains { $0.contains("backfill stopped") },
            "\(first.warnings)")
        await fixture.server.clearRequestLog()
        _ = try await fixture.sync(backfillPages: 50)
        let again = await fixture.server.requestLog().filter { $0.value("max_id") != nil }
        #expect(again.isEmpty, "the next run does not walk it again: \(again.count) requests")
    }

    @Test(.timeLimit(.minutes(1)))
    func aTooManyRequestsAnswerIsBoundedByTheLongestRateWait() async throws {
        let fixture = try await SyncFixture.start(statuses: 20)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil)
        var modes = HostileModes()
        modes.tooManyRequestsRetryAfter = 1
        await fixture.server.setHostile(modes)
        let started = ContinuousClock.now
        let report = try #require(try await fixture.sync { $0.maxRateWait = .seconds(4) }.first)
        let elapsed = ContinuousClock.now - started
        let requests = await fixture.server.requestLog().count
        #expect(report.outcome == .failed)
        #expect(report.error?.contains("rate limit") == true, "\(report.error ?? "")")
        #expect(elapsed < .seconds(20), "bounded by --max-rate-wait (4 s): \(elapsed)")
        #expect(requests >= 2, "Retry-After: 1 was honoured, not the 60 s fallback: \(requests) requests")
    }
}
