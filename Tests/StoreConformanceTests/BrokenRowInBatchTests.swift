import ArchiveCore
import Foundation
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
}
