import ArchiveCore
import ArchivePostgres
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing

/// Many `icebox sync` processes on one PostgreSQL store, as a team runs them: three workers against
/// eight rate-limited servers, killed with SIGKILL at random moments and started again.
@Suite(.serialized) struct WorkersTests {
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    @Test func threeKilledAndRestartedWorkersArchiveExactlyWhatEightServersServeWithinTheirBudgets() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        let url = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable"
        var servers: [TestServer] = []
        do {
            // Each server its own limit; the rate reserve keeps half of a small limit, so they bind.
            for index in 0..<8 {
                var config = TestServerConfig()
                config.statusCount = 400 + 40 * index
                config.rateLimit = RateLimit(limit: 8 + 2 * index, window: 2)
                servers.append(try await TestServer.start(config))
            }
            try await run(servers, store: url, location: location)
        } catch {
            for server in servers { await server.stop() }
            try? await cluster.dropDatabase(location.database)
            throw error
        }
        for server in servers { await server.stop() }
        try? await cluster.dropDatabase(location.database)
    }

    private func run(_ servers: [TestServer], store url: String, location: PostgresLocation) async throws {
        let homes = try (0..<3).map { try TemporaryDirectory("icebox-worker-\($0)") }
        for server in servers {
            let pinned = try await CommandRunner.run(
                Self.binary,
                [
                    "timeline", "add", "remote:\(server.baseURL.absoluteString)",
                    "--store", url, "--home", homes[0].path,
                ])
            #expect(pinned.status == 0, "\(pinned.stderr)")
        }
        func worker(_ index: Int) throws -> RunningCommand {
            try RunningCommand(
                Self.binary,
                [
                    "sync", "--no-media", "--backfill-pages", "1000", "--lease", "3",
                    "--store", url, "--home", homes[index].path,
                ])
        }
        var workers = try (0..<3).map(worker)
        // Ten kills at random moments, each worker started again at once.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10 {
            try await Task.sleep(for: .milliseconds(Int64.random(in: 100...700, using: &generator)))
            let victim = Int.random(in: 0..<3, using: &generator)
            workers[victim].kill()
            _ = await workers[victim].wait()
            workers[victim] = try worker(victim)
        }
        for running in workers { _ = await running.wait() }
        // Runs until every timeline is backfilled to its end (a killed worker's lease expires first).
        let store = try await PostgresArchive(location, logger: Logger(label: "workers"))
        defer { Task { await store.close() } }
        for _ in 0..<30 {
            let timelines = try await store.timelines()
            if timelines.allSatisfy(\.backfillComplete) { break }
            _ = try await CommandRunner.run(
                Self.binary,
                [
                    "sync", "--no-media", "--backfill-pages", "1000", "--lease", "3",
                    "--store", url, "--home", homes[0].path,
                ])
            try await Task.sleep(for: .seconds(1))
        }
        let timelines = try await store.timelines()
        #expect(timelines.count == servers.count && timelines.allSatisfy(\.backfillComplete))
        var archived = 0
        for server in servers {
            // The budget first, from the log of what the workers sent; then the oracle, read at a
            // limit the test's own reading cannot exhaust.
            let log = await server.requestLog()
            #expect(
                !log.isEmpty && !log.contains { $0.overBudget },
                "\(server.baseURL): no request over the advertised budget")
            await server.setRateLimit(RateLimit(limit: 1_000_000, window: 300))
            await server.resetRateLimits()
            let port = ":\(server.baseURL.port ?? 0)"
            let timeline = try #require(
                timelines.first { $0.spec.hasPrefix("remote:") && $0.spec.hasSuffix(port) },
                "\(port) in \(timelines.map(\.spec))")
            let served = try await ServedTimeline.archiveKeys(
                baseURL: server.baseURL, path: "/api/v1/timelines/public?local=true",
                token: nil)
            let kept = try await store.statusURIs(timelineID: timeline.id)
            #expect(
                Set(kept) == served,
                "\(server.baseURL): missing \(served.subtracting(kept)), extra \(Set(kept).subtracting(served))")
            #expect(kept.count == Set(kept).count, "no duplicates")
            archived += kept.count
        }
        #expect(archived > 600, "enough pages that the budgets bind")
    }
}
