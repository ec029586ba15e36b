import ArchiveCore
import Foundation
import Models
import Testing

/// A sync hands the store several pages at once (`store(pages:)`), which a store may write together:
/// what it keeps, and what it reports for each page, is what storing the pages one after the other gives,
/// in every store, even when the pages overlap (a post in one, its boost and its edit in the next).
@Suite struct PagesTogetherTests {
    typealias Post = RepeatedInPageTests

    /// Three pages of one timeline: a post, a boost of it and another post; a second boost of the post and
    /// the post as edited since; the other post again and a new one.
    static func pages(timelineID: Int64) throws -> [FetchedPage] {
        let post = Post.json("10", text: "first words", createdAt: "2026-01-01T00:00:00.000Z")
        let edited = Post.json(
            "10", text: "second words", createdAt: "2026-01-01T00:00:00.000Z",
            editedAt: "2026-01-01T05:00:00.000Z")
        let other = Post.json("12", text: "another post", createdAt: "2026-01-01T02:00:00.000Z")
        let pages = [
            [post, Post.boost("11", of: post, createdAt: "2026-01-01T01:00:00.000Z"), other],
            [Post.boost("13", of: post, createdAt: "2026-01-01T03:00:00.000Z"), edited],
            [other, Post.json("14", text: "a new post", createdAt: "2026-01-01T04:00:00.000Z")],
        ]
        return try pages.enumerated().map { index, page in
            FetchedPage(
                statuses: try page.map { try ArchivableStatus(decoding: Data($0.utf8)) }, unreadable: [],
                origin: PageOrigin(server: "a.example", timelineID: timelineID, pageCursor: "max_id=\(index)"),
                cursor: CursorUpdate(backfillCursor: "\(index)", countsAsBackfillPage: true))
        }
    }

    struct Kept: Equatable {
        var results: [StoreResult]
        var uris: [String]
        var numbers: [Int64?]
        var raw: [Data?]
        var history: [Data]
        var timeline: [String]
        var backfillCursor: String?
    }

    static func kept(in kind: StoreKind, together: Bool) async throws -> Kept? {
        var kept: Kept?
        try await TestStore.with(kind, "pages-\(kind)") { test in
            let store = test.store
            let timeline = try await store.addTimeline(
                spec: "remote:a.example", accountID: nil, server: "https://a.example"
            ).id
            let pages = try pages(timelineID: timeline)
            var results: [StoreResult] = []
            if together {
                results = try await store.store(pages: pages)
            } else {
                for page in pages { results += try await store.store(pages: [page]) }
            }
            let held = try await Post.holdings(of: store)
            kept = Kept(
                results: results, uris: held.uris, numbers: held.numbers, raw: held.raw, history: held.history,
                timeline: try await store.statusURIs(timelineID: timeline),
                backfillCursor: try await store.timeline(id: timeline).backfillCursor)
        }
        return kept
    }

    @Test(arguments: StoreKind.allCases)
    func pagesStoredTogetherKeepAndReportWhatOneByOneDoes(_ kind: StoreKind) async throws {
        guard let together = try await Self.kept(in: kind, together: true) else { return }
        let alone = try #require(try await Self.kept(in: kind, together: false))
        #expect(together == alone)
        #expect(together.uris.count == 5, "the post, two boosts, the other post and the new one")
        #expect(together.results.map(\.new) == [3, 1, 1])
        #expect(together.results.map(\.updated) == [0, 1, 0])
        #expect(together.history.count == 1, "the first version is kept")
        #expect(together.backfillCursor == "2", "each page's cursors, in order")
    }
}
