import ArchiveCore
import ArchivePostgres
import Foundation
import IceboxTestSupport
import Models
import Testing

/// A row the store refuses in a batch of pages stored together never blocks the rows beside it: the batch
/// goes back to page by page, where the refused row is kept unreadable, and every page's good rows and
/// cursors are kept. On PostgreSQL the batch's statements are sent without waiting for each answer, so
/// the refusal must be the error that comes back, not the "transaction aborted" of the statements after it.
@Suite(.serialized) struct BrokenRowInBatchTests {
    typealias Post = RepeatedInPageTests

    /// Two pages of new posts: 10, then 90 (more than a batch's leading insert), the refused one sixth.
    static func pages(timelineID: Int64) throws -> [FetchedPage] {
        let pages = [Array(100..<110), Array(200..<290)].map { ids in
            ids.map {
                Post.json(
                    "\($0)", text: "post \($0)",
                    createdAt: "2026-01-01T00:\(String(format: "%02d:%02d", $0 / 60, $0 % 60)).000Z")
            }
        }
        return try pages.enumerated().map { index, page in
            FetchedPage(
                statuses: try page.map { try ArchivableStatus(decoding: Data($0.utf8)) }, unreadable: [],
                origin: PageOrigin(server: "a.example", timelineID: timelineID, pageCursor: "max_id=\(index)"),
                cursor: CursorUpdate(backfillCursor: "\(index)", countsAsBackfillPage: true))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aRefusedRowKeepsItsNeighboursAndTheCursors(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "refused-in-batch") { test in
            let store = test.store
            let timeline = try await store.addTimeline(
                spec: "remote:a.example", accountID: nil, server: "https://a.example"
            ).id
            try await ImportConformanceTests.refuse(uriContaining: "statuses/205", in: test)
            let results = try await store.store(pages: try Self.pages(timelineID: timeline))
            #expect(results.map(\.new) == [10, 89] && results.map(\.unreadable) == [0, 1], "\(results)")
            let uris = Set(try await store.allStatusURIs())
            #expect(uris.count == 99 && !uris.contains("https://a.example/users/u/statuses/205"))
            let kept = try await store.unreadableStatuses()
            #expect(kept.count == 1 && kept.first?.error.contains("refused by the test") == true, "\(kept)")
            #expect(try await store.timeline(id: timeline).backfillCursor == "1", "each page's cursors, in order")
        }
    }

    /// The pages beside the refused row are stored again whole, not row by row: on PostgreSQL a row on
    /// its own is a savepoint and some eight round trips. Counted by PostgreSQL (`pg_stat_statements`,
    /// which the test cluster loads): only the refused row's page takes a savepoint a row.
    @Test func onlyTheRefusedRowsPageIsStoredRowByRow() async throws {
        guard let cluster = ProcessInfo.processInfo.environment["ICEBOX_TEST_POSTGRES"], !cluster.isEmpty,
            let slash = cluster.lastIndex(of: "/")
        else { return }
        try await TestStore.with(.postgres, "refused-page-only") { test in
            let postgres = try #require(test.store as? PostgresArchive)
            let url = String(cluster[...slash]) + postgres.place.database
            func psql(_ sql: String) async throws -> String {
                let result = try await CommandRunner.run(
                    URL(fileURLWithPath: "/usr/bin/env"), ["psql", url, "-Atq", "-c", sql])
                try #require(result.status == 0, "\(sql): \(result.stderr)")
                return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let timeline = try await test.store.addTimeline(
                spec: "remote:a.example", accountID: nil, server: "https://a.example"
            ).id
            try await ImportConformanceTests.refuse(uriContaining: "statuses/205", in: test)
            _ = try await psql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            let database = try await psql("SELECT oid FROM pg_database WHERE datname = current_database()")
            let evictions = "SELECT dealloc FROM pg_stat_statements_info"
            _ = try await psql("SELECT pg_stat_statements_reset(0, \(database), 0)")
            let before = try await psql(evictions)
            let results = try await test.store.store(pages: try Self.pages(timelineID: timeline))
            #expect(results.map(\.new) == [10, 89] && results.map(\.unreadable) == [0, 1], "\(results)")
            let savepoints = try await psql(
                """
                SELECT coalesce(sum(calls), 0) FROM pg_stat_statements
                WHERE dbid = \(database) AND query LIKE 'SAVEPOINT isolated_plan%'
                """)
            // The statistics are the cluster's, shared with suites running beside this one: when they evicted
            // entries meanwhile, the count says nothing.
            guard try await psql(evictions) == before else { return }
            #expect(savepoints == "90", "a savepoint for each row of the refused row's page only, not \(savepoints)")
        }
    }
}
