import ArchiveCore
import Foundation
import Models
import SearchQuery
import Testing

/// `in:spec` alone is counted from `timeline_statuses` and the index of boosts (`TimelineCountStatements`);
/// the total is the one the search's own rows give, on each store: boosts in the timeline left out, a
/// spec written in another case, a spec no timeline has, and a spec two timelines share.
@Suite(.serialized) struct TimelineCountConformanceTests {
    typealias Post = TagIndexConformanceTests

    @Test(arguments: StoreKind.allCases)
    func aTimelinesCountIsTheNumberOfItsPostsSearchFinds(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "timeline-count") { test in
            let store = test.store
            let remote = try await store.addTimeline(spec: "remote:a.example", accountID: nil, server: "a.example")
            let tag = try await store.addTimeline(spec: "tag:swift@a.example", accountID: nil, server: "a.example")
            let first = Post.json("1", tags: [])
            _ = try await store.store(
                try Post.statuses([first, Post.boost("9", of: first), Post.json("2", tags: [])]), server: "a.example",
                timelineID: remote.id, cursor: CursorUpdate())
            _ = try await store.store(
                try Post.statuses([Post.json("3", tags: ["swift"])]), server: "a.example", timelineID: tag.id,
                cursor: CursorUpdate())
            #expect(try await Post.found("in:remote:a.example", in: store) == ["u/statuses/1", "u/statuses/2"])
            #expect(try await Post.found("in:REMOTE:a.example", in: store).count == 2, "caseless")
            #expect(try await Post.found("in:tag:swift@a.example", in: store) == ["u/statuses/3"])
            #expect(try await Post.found("in:local", in: store).isEmpty, "no such timeline")
            // Two accounts' home timelines: `in:home` finds the posts of both, once each.
            for (index, name) in ["alice", "bob"].enumerated() {
                let account = try await store.addAccount(
                    handle: "\(name)@a.example", server: "https://a.example", remoteID: "\(index)", username: name,
                    displayName: name, url: nil)
                let home = try await store.addTimeline(spec: "home", accountID: account.id, server: "a.example")
                _ = try await store.store(
                    try Post.statuses([Post.json("3", tags: ["swift"]), Post.json("\(index + 4)", tags: [])]),
                    server: "a.example", timelineID: home.id, cursor: CursorUpdate())
            }
            #expect(try await Post.found("in:home", in: store) == ["u/statuses/3", "u/statuses/4", "u/statuses/5"])
        }
    }
}
