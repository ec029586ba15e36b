import Foundation
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a page asks the store, counted by PostgreSQL itself (`pg_stat_statements`, which the test
/// cluster loads): a timeline's, an author's and a tag's page ask who opted out of search once, not once
/// to choose how far to count and again to count. On a database of its own, so that no other test's
/// pages are counted.
@Suite(.serialized) struct ServeStatementTests {
    @Test func aListingPageAsksWhoOptedOutOnce() async throws {
        guard let cluster = ProcessInfo.processInfo.environment["ICEBOX_TEST_POSTGRES"], !cluster.isEmpty,
            let slash = cluster.lastIndex(of: "/")
        else { return }
        let archive = try #require(try await ServedStore.sqlite.archive())
        let name = "serve_statements_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let store = String(cluster[...slash]) + name
        func psql(_ url: String, _ sql: String) async throws -> String {
            let result = try await CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["psql", url, "-Atq", "-c", sql])
            try #require(result.status == 0, "\(sql): \(result.stderr)")
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let preloaded = try await psql(cluster, "SHOW shared_preload_libraries")
        try #require(
            preloaded.contains("pg_stat_statements"),
            "the cluster must load pg_stat_statements: start it with scripts/postgres-cluster")
        _ = try await psql(cluster, "CREATE DATABASE \(name)")
        let copy = try TemporaryDirectory("icebox-serve-statements")
        _ = try await CommandRunner.run(URL(fileURLWithPath: "/bin/cp"), ["-a", archive.home.path + "/.", copy.path])
        let migrated = try await ServedArchive.icebox(["migrate", "--to", store, "--home", copy.path])
        try #require(migrated.status == 0, "\(migrated.stderr)")
        _ = try await psql(store, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        let database = try await psql(store, "SELECT oid FROM pg_database WHERE datname = current_database()")
        let everyone = try await ServedArchive.icebox(
            ["search", "--all", "--json", "#\(ServedArchive.mixedTag)", "--home", copy.path, "--store", store])
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(everyone.stdout.utf8)) as? [[String: Any]])
        let dave = try #require(records.compactMap { $0["acct"] as? String }.first { $0.hasPrefix("dave@") })

        for path in ["/timelines/home", "/timelines/local", "/accounts/\(dave)", "/tags/\(ServedArchive.mixedTag)"] {
            // The statistics are the cluster's, shared with the suites running beside this one: when they
            // evicted entries while the page was asked (`dealloc` moved), the count says nothing, and the
            // page is asked again of a fresh serve (whose totals are not kept yet).
            var counted: String?
            for _ in 1...3 where counted == nil {
                let process = try await ServeProcess.start(
                    ["serve", "--listen", "127.0.0.1:0", "--home", copy.path, "--store", store, "--count-limit", "3"])
                defer { process.running.signal(SIGKILL) }
                let evictions = "SELECT dealloc FROM pg_stat_statements_info"
                _ = try await psql(store, "SELECT pg_stat_statements_reset(0, \(database), 0)")
                let before = try await psql(store, evictions)
                let page = try await process.served.get(path)
                #expect(page.status == .ok, "\(path)")
                let asked = try await psql(
                    store,
                    """
                    SELECT coalesce(sum(calls), 0) FROM pg_stat_statements
                    WHERE dbid = \(database) AND query LIKE 'SELECT handle FROM authors WHERE opted_out%'
                    """)
                if try await psql(store, evictions) == before { counted = asked }
            }
            let asked = try #require(counted, "\(path): the statistics evicted entries at every try")
            #expect(asked == "1", "\(path): who opted out asked \(asked) times")
        }
    }
}
