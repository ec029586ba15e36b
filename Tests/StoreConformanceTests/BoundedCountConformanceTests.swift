import ArchiveCore
import Foundation
import Models
import SearchQuery
import Testing

/// A search's count stopped at a bound (`count(_:consent:atMost:)`, what `icebox serve --count-limit`
/// asks): below the bound it is the exact count, at the bound it is the bound, on each store and on each
/// way a store counts (the word index alone, with and without the posts consent hides, the general
/// plan); a sole `#tag` (unless consent hides some of it) and a timeline's total stay exact above the bound.
@Suite(.serialized) struct BoundedCountConformanceTests {
    typealias Post = TagIndexConformanceTests

    @Test(arguments: StoreKind.allCases)
    func aBoundedCountIsExactBelowItsBoundAndTheBoundAbove(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "bounded-count") { test in
            // Five posts say "post", all tagged #swift; one is by an author who opted out of search.
            var posts = (1...4).map { Post.json("\($0)", tags: ["swift"]) }
            posts.append(Post.json("5", tags: ["swift"], author: "shy", note: "#nosearch"))
            let store = test.store
            let timeline = try await store.addTimeline(spec: "remote:a.example", accountID: nil, server: "a.example")
            _ = try await store.store(
                try Post.statuses(posts + [Post.boost("9", of: posts[0])]), server: "a.example",
                timelineID: timeline.id, cursor: CursorUpdate())
            func count(_ text: String, _ consent: ConsentPolicy, atMost bound: Int?) async throws -> Int {
                try await store.count(try SearchQuery(parsing: text), consent: consent, atMost: bound)
            }
            for (text, everyone, shown) in [("post", 5, 4), ("post -#caturday", 5, 4), ("post -is:reply", 5, 4)] {
                #expect(try await count(text, .off, atMost: nil) == everyone, "\(text): exact")
                #expect(try await count(text, .honoured, atMost: nil) == shown, "\(text): exact, consent")
                for bound in [1, 3, 4] {
                    #expect(try await count(text, .off, atMost: bound) == bound, "\(text) up to \(bound)")
                    #expect(
                        try await count(text, .honoured, atMost: bound) == min(bound, shown),
                        "\(text) up to \(bound), consent")
                }
                for bound in [5, 6, 100] {
                    #expect(try await count(text, .off, atMost: bound) == everyone, "\(text) below \(bound)")
                    #expect(try await count(text, .honoured, atMost: bound) == shown, "\(text) below \(bound), consent")
                }
                #expect(try await count(text, .off, atMost: 0) == 0, "\(text): a bound of 0 counts nothing")
            }
            // Totals a store keeps exactly stay exact above any bound: a sole tag, a timeline's entries.
            #expect(try await count("#swift", .off, atMost: 2) == 5)
            // But a tag some of whose posts consent hides is counted as a word is: exact below the bound,
            // the bound above it (its exact total would read every hidden post that carries it).
            #expect(try await count("#swift", .honoured, atMost: nil) == 4)
            for bound in [1, 3] { #expect(try await count("#swift", .honoured, atMost: bound) == bound) }
            for bound in [4, 5, 100] { #expect(try await count("#swift", .honoured, atMost: bound) == 4) }
            #expect(try await count("in:remote:a.example", .off, atMost: 2) == 5)
            #expect(try await count("nothing-matches-this", .off, atMost: 3) == 0)
        }
    }
}
