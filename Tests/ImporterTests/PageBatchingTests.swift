import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Importer
import MastodonTestServer
import Testing

@testable import Archive

/// Pages are stored several to a transaction (issue 30), each with its cursors: a fast server's
/// timeline commits far fewer transactions than it has pages, and nothing is skipped or doubled.
@Suite struct PageBatchingTests {
    @Test func aFastServersPagesAreStoredSeveralToATransaction() async throws {
        let fixture = try await SyncFixture.start(statuses: 400) { config in
            config.fixturesDirectory = nil
            config.homeShare = 1
            config.rateLimit = RateLimit(limit: 100_000, window: 300)
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        let home = try await fixture.pin("home", account: nil)
        let commits = CursorCommits()
        fixture.archive.pool.add(transactionObserver: commits, extent: .observerLifetime)
        // Bounds wide enough for the whole timeline, so the count does not depend on the machine's speed.
        let report = try #require(
            try await fixture.sync {
                $0.batchInterval = .seconds(600)
                $0.batchBytes = 64 << 20
            }.first)
        #expect(report.outcome == .ok && report.new == 400, "\(report)")
        #expect(report.pages >= 10)
        // One transaction for the pages, one for the run's result; each page its own on main.
        #expect(commits.count <= 2, "\(commits.count) transactions moved cursors for \(report.pages) pages")
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
        let stored = try await fixture.archive.timeline(id: home.id)
        #expect(stored.backfillComplete && stored.newestCursor != nil)
    }

    @Test func aSmallByteBoundStoresEachPageAsItComes() async throws {
        let fixture = try await SyncFixture.start(statuses: 200) { config in
            config.fixturesDirectory = nil
            config.homeShare = 1
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        let commits = CursorCommits()
        fixture.archive.pool.add(transactionObserver: commits, extent: .observerLifetime)
        let report = try #require(try await fixture.sync { $0.batchBytes = 1 }.first)
        #expect(report.new == 200)
        #expect(commits.count >= report.pages, "\(commits.count) transactions for \(report.pages) pages")
    }
}

extension PageBatchingTests {
    /// A batch that fails to store ends what the run stores: the batch queued behind it would commit
    /// cursors past the failed pages and leave a hole that no gap records and no later run reads again.
    @Test(arguments: [2...2, 3...3])
    func nothingIsStoredAfterABatchFailsSoTheNextRunLeavesNoHole(failingCommits: ClosedRange<Int>) async throws {
        let fixture = try await SyncFixture.start(statuses: 200) { config in
            config.fixturesDirectory = nil
            config.homeShare = 1
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        let home = try await fixture.pin("home", account: nil)
        // A backfill of several pages, each its own batch; one page's transaction fails once, as a store
        // busy or lost for a moment would. Before the fix, the page queued behind it was stored with its
        // cursors by the run's final drain, and 35 to 37 of the 200 statuses were never archived.
        let failing = FailingCommit(failing: failingCommits)
        fixture.archive.pool.add(transactionObserver: failing, extent: .observerLifetime)
        let failed = try #require(try await fixture.sync { $0.batchBytes = 1 }.first)
        #expect(failed.outcome != .ok, "\(failed)")
        #expect(failing.failed == 1)
        let again = try #require(try await fixture.sync().first)
        #expect(again.outcome == .ok, "\(again)")
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        let stored = Set(try await fixture.archive.allStatusURIs())
        #expect(stored == served, "\(served.subtracting(stored).count) served statuses never archived")
        #expect(try await fixture.archive.timeline(id: home.id).backfillComplete)
    }
}

/// Fails the transactions that move a timeline's cursors whose rank (1 for the first) is in `failing`.
private final class FailingCommit: TransactionObserver, @unchecked Sendable {
    struct InjectedFailure: Error {}
    private let lock = NSLock()
    private let failing: ClosedRange<Int>
    private var touched = false
    private var commits = 0
    private var failures = 0

    /// How many commits it failed.
    var failed: Int { lock.withLock { failures } }

    init(failing: ClosedRange<Int>) { self.failing = failing }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .update(let table, _) = eventKind { return table == "timelines" }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) {
        lock.withLock { touched = true }
    }

    func databaseWillCommit() throws {
        let fails = lock.withLock {
            guard touched else { return false }
            commits += 1
            guard failing.contains(commits) else { return false }
            failures += 1
            return true
        }
        if fails { throw InjectedFailure() }
    }

    func databaseDidCommit(_ db: Database) {
        lock.withLock { touched = false }
    }

    func databaseDidRollback(_ db: Database) {
        lock.withLock { touched = false }
    }
}

/// Counts the committed transactions that moved a timeline's cursors (or recorded its result).
private final class CursorCommits: TransactionObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var touched = false
    private var committed = 0

    var count: Int { lock.withLock { committed } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .update(let table, _) = eventKind { return table == "timelines" }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) {
        lock.withLock { touched = true }
    }

    func databaseDidCommit(_ db: Database) {
        lock.withLock {
            if touched { committed += 1 }
            touched = false
        }
    }

    func databaseDidRollback(_ db: Database) {
        lock.withLock { touched = false }
    }
}
