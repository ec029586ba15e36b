import ArchiveCore
import ArchivePostgres
import Foundation
import IceboxTestSupport
import Logging
import Testing

/// Leases and budgets between workers on one PostgreSQL store (each worker its own connection pool, as
/// separate processes have).
@Suite(.serialized) struct SharedWorkTests {
    static func workers(_ count: Int, _ body: ([PostgresArchive]) async throws -> Void) async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        var workers: [PostgresArchive] = []
        do {
            for _ in 0..<count { workers.append(try await PostgresArchive(location, logger: Logger(label: "worker"))) }
            try await body(workers)
        } catch {
            for worker in workers { await worker.close() }
            try? await cluster.dropDatabase(location.database)
            throw error
        }
        for worker in workers { await worker.close() }
        try? await cluster.dropDatabase(location.database)
    }

    @Test func aServerHasOneLeaseHolderUntilItsLeaseExpires() async throws {
        try await Self.workers(3) { workers in
            let servers = ["a.test", "b.test"]
            let round = try await workers[0].beginRound()
            // Three workers claim at once: two get a server each, nobody gets one twice.
            let claimed = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for (index, worker) in workers.enumerated() {
                    group.addTask {
                        (
                            index,
                            try await worker.claimServer(
                                among: servers, holder: "w\(index)", for: .seconds(60), round: round)
                        )
                    }
                }
                return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
            }
            let claims = (0..<workers.count).map { claimed[$0] ?? nil }
            #expect(claims.compactMap { $0 }.sorted() == servers)
            #expect(claims.filter { $0 == nil }.count == 1)
            // A released server goes to the next claimant; a held one does not.
            let holderOfA = claims.firstIndex(of: "a.test").map { "w\($0)" } ?? ""
            try await workers[0].releaseLease(server: "a.test", holder: holderOfA)
            let next = try await workers[2].beginRound()
            #expect(
                try await workers[2].claimServer(among: servers, holder: "w9", for: .seconds(60), round: next)
                    == "a.test")
            #expect(
                try await workers[1].claimServer(among: servers, holder: "w8", for: .seconds(60), round: next) == nil)
            // A lease not renewed expires (a worker killed with kill -9), and its holder cannot renew it
            // once another worker has claimed the server.
            #expect(try await workers[2].renewLease(server: "a.test", holder: "w9", for: .milliseconds(300)))
            try await Task.sleep(for: .milliseconds(600))
            #expect(
                try await workers[1].claimServer(among: servers, holder: "w8", for: .seconds(60), round: next)
                    == "a.test")
            #expect(try await workers[2].renewLease(server: "a.test", holder: "w9", for: .seconds(60)) == false)
            #expect(try await workers[1].renewLease(server: "a.test", holder: "w8", for: .seconds(60)))
        }
    }

    @Test func aServerAnotherWorkerFinishedIsNotTakenAgainInTheSameRound() async throws {
        try await Self.workers(2) { workers in
            let servers = ["a.test", "b.test"]
            let first = try await workers[0].beginRound()
            let second = try await workers[1].beginRound()
            #expect(
                try await workers[0].claimServer(among: servers, holder: "w0", for: .seconds(60), round: first)
                    == "a.test")
            try await workers[0].releaseLease(server: "a.test", holder: "w0")
            // The other worker's round began before a.test was done: it takes b.test, then nothing.
            #expect(
                try await workers[1].claimServer(among: servers, holder: "w1", for: .seconds(60), round: second)
                    == "b.test")
            #expect(
                try await workers[1].claimServer(among: servers, holder: "w1#1", for: .seconds(60), round: second)
                    == nil)
            // Its next round may take a.test again.
            let third = try await workers[1].beginRound()
            #expect(
                try await workers[1].claimServer(among: servers, holder: "w1#1", for: .seconds(60), round: third)
                    == "a.test")
        }
    }

    @Test func aBudgetSavedByOneWorkerIsWhatTheNextStartsFrom() async throws {
        try await Self.workers(2) { workers in
            let reset = Date(timeIntervalSince1970: 1_900_000_000)
            #expect(try await workers[1].savedBudget(server: "a.test", client: "anonymous") == nil)
            try await workers[0].saveBudget(
                SavedBudget(limit: 300, remaining: 12, reset: reset), server: "a.test",
                client: "anonymous")
            #expect(
                try await workers[1].savedBudget(server: "a.test", client: "anonymous")
                    == SavedBudget(limit: 300, remaining: 12, reset: reset))
            try await workers[1].saveBudget(
                SavedBudget(limit: 300, remaining: 299, reset: nil), server: "a.test",
                client: "anonymous")
            #expect(try await workers[0].savedBudget(server: "a.test", client: "anonymous")?.remaining == 299)
            #expect(try await workers[0].savedBudget(server: "a.test", client: "7") == nil)
            // Every budget kept, by server and client (what `icebox serve`'s /metrics reports).
            try await workers[0].saveBudget(
                SavedBudget(limit: 300, remaining: 40, reset: reset), server: "b.test", client: "7")
            #expect(
                try await workers[1].savedBudgets() == [
                    KeptBudget(
                        server: "a.test", client: "anonymous",
                        budget: SavedBudget(limit: 300, remaining: 299, reset: nil)),
                    KeptBudget(
                        server: "b.test", client: "7", budget: SavedBudget(limit: 300, remaining: 40, reset: reset)),
                ])
        }
    }

    @Test func aWaitingWorkerWakesWhenATimelineIsPinned() async throws {
        try await Self.workers(2) { workers in
            let started = ContinuousClock.now
            async let woken: Void = workers[0].waitForWork(timeout: .seconds(30))
            try await Task.sleep(for: .milliseconds(500))
            _ = try await workers[1].addTimeline(spec: "remote:a.test", accountID: nil, server: "a.test")
            await woken
            #expect(ContinuousClock.now - started < .seconds(20), "woken by the pin, not by the 30 s timeout")
        }
    }
}
