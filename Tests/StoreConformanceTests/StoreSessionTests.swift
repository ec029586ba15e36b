import Foundation
import Logging
import Testing

@testable import ArchivePostgres

/// How the PostgreSQL store's sessions are set up.
@Suite struct StoreSessionTests {
    /// A search is a short query under a LIMIT, yet the planner prices the whole scan it may stop early
    /// in, so its cost passed `jit_above_cost` and PostgreSQL JIT-compiled about 70 functions first: 0.5 s
    /// before a 2 ms search at 1M statuses. Every session of the store runs without JIT: the one that
    /// migrated a new store, the pool's others, and those of a store opened later.
    @Test func storeSessionsNeverJITCompile() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        var settings: [String] = []
        var sessions: Set<Int> = []
        for _ in 0..<2 {
            let store = try await PostgresArchive(location, logger: Logger(label: "sessions"), maximumConnections: 3)
            do {
                // Three at once, each holding its connection long enough (1.5 s, for a loaded machine) that
                // three sessions answer.
                let answers = try await withThrowingTaskGroup(of: (String, Int).self) { group in
                    for _ in 0..<3 {
                        group.addTask {
                            let rows = try await store.rows(
                                """
                                SELECT current_setting('jit') AS jit, pg_backend_pid() AS session, pg_sleep(1.5)::text AS slept
                                """)
                            let row = try #require(rows.first)
                            return (try row.text("jit"), Int(try row.integer("session")))
                        }
                    }
                    return try await group.reduce(into: [(String, Int)]()) { $0.append($1) }
                }
                settings += answers.map(\.0)
                sessions.formUnion(answers.map(\.1))
            } catch {
                await store.close()
                throw error
            }
            await store.close()
        }
        try? await cluster.dropDatabase(location.database)
        #expect(sessions.count == 6, "six sessions answered, three per store")
        #expect(settings == Array(repeating: "off", count: 6))
    }
}
