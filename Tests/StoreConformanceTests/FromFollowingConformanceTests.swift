import ArchiveCore
import Foundation
import Models
import SearchQuery
import Testing

/// `from:following` (issue 44) finds the posts of the authors one of the user's accounts follows as the
/// relation ledger holds it now, on both stores: a follow that ended no longer counts, handles compare
/// without case, `-from:following` is the rest, and `from:@following` is still the account of that name.
@Suite(.serialized) struct FromFollowingConformanceTests {
    private static func entry(_ handle: String) -> RelationEntry {
        RelationEntry(
            target: handle, targetID: "id-\(handle)", url: nil, displayName: handle, raw: Data("{}".utf8))
    }

    @Test(arguments: StoreKind.allCases)
    func findsTheAuthorsFollowedNowAndNoOneElse(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "from-following") { test in
            let store = test.store
            let account = try await store.addAccount(
                handle: "alice@a.example", server: "https://a.example", remoteID: "1", username: "alice",
                displayName: "Alice", url: nil)
            _ = try await store.store(
                try TagIndexConformanceTests.statuses([
                    TagIndexConformanceTests.json("1", tags: [], author: "bob"),
                    TagIndexConformanceTests.json("2", tags: [], author: "carol"),
                    TagIndexConformanceTests.json("3", tags: [], author: "following"),
                    TagIndexConformanceTests.json("4", tags: [], author: "dave"),
                ]), server: "a.example")
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            let first = try #require(
                try await store.relationWalk(account: account.id, kind: .following, every: 0, now: start))
            // The server wrote one handle in capitals: the ledger keeps it so, the search still finds it.
            try await store.storeRelationPage(
                [Self.entry("bob@a.example"), Self.entry("Carol@A.example")], account: account.id, kind: .following,
                walk: first, next: nil, now: start)
            _ = try await store.finishRelationWalk(account: account.id, kind: .following, walk: first, now: start)
            // dave follows alice: a follower is not followed.
            let followers = try #require(
                try await store.relationWalk(account: account.id, kind: .followers, every: 0, now: start))
            try await store.storeRelationPage(
                [Self.entry("dave@a.example")], account: account.id, kind: .followers, walk: followers, next: nil,
                now: start)
            _ = try await store.finishRelationWalk(
                account: account.id, kind: .followers, walk: followers, now: start)

            #expect(
                try await TagIndexConformanceTests.found("from:following", in: store) == [
                    "bob/statuses/1", "carol/statuses/2",
                ])
            #expect(
                try await TagIndexConformanceTests.found("-from:following", in: store) == [
                    "dave/statuses/4", "following/statuses/3",
                ])
            #expect(try await TagIndexConformanceTests.found("from:@following", in: store) == ["following/statuses/3"])
            #expect(try await TagIndexConformanceTests.found("from:following post", in: store).count == 2)

            // The next whole walk no longer sees carol: her follow ended, and her posts are no longer found.
            let later = start.addingTimeInterval(86_400)
            let second = try #require(
                try await store.relationWalk(account: account.id, kind: .following, every: 0, now: later))
            try await store.storeRelationPage(
                [Self.entry("bob@a.example")], account: account.id, kind: .following, walk: second, next: nil,
                now: later)
            #expect(
                try await store.finishRelationWalk(account: account.id, kind: .following, walk: second, now: later)
                    == 1)
            #expect(try await TagIndexConformanceTests.found("from:following", in: store) == ["bob/statuses/1"])
        }
    }
}
