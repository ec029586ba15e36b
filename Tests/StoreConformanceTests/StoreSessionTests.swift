@testable import ArchivePostgres
import Foundation
import Logging
import Testing

/// How the PostgreSQL store's sessions are set up.
@Suite struct StoreSessionTests {
    /// A search is a short query under a LIMIT, yet the planner prices the whole scan it may stop early
    /// in, so its cost passed `jit_above_cost` and PostgreSQL JIT-compiled about 70 functions first: 0.5 s
    /// before a 2 ms search at 1M statuses. Every connection of the store's pool runs without JIT.
    @Test func storeSessionsNeverJITCompile() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        let store = try await PostgresArchive(location, logger: Logger(label: "sessions"), maximumConnections: 3)
        // Three at once, so that more than one of the pool's connections answers.
        let settings = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let rows = try await store.rows("SELECT current_setting('jit') AS jit, pg_sleep(0.2)::text AS slept")
                    return try rows.first.map { try $0.string("jit") } ?? "no answer"
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        await store.close()
        try? await cluster.dropDatabase(location.database)
        #expect(settings == ["off", "off", "off"])
    }
}
