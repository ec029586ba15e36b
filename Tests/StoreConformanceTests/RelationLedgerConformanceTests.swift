import ArchiveCore
import Foundation
import Testing

/// The relation ledger (issue 44), the same on both stores: a walk stores pages with their cursor, a
/// whole walk ends what it no longer saw, an ended relation stays and one that holds again is a new row,
/// a walk cut short or with an unreadable entry ends nothing, and a walk within the interval asks nothing.
@Suite(.serialized) struct RelationLedgerConformanceTests {
    private func entry(_ handle: String) -> RelationEntry {
        RelationEntry(
            target: handle, targetID: "id-\(handle)", url: "https://\(handle.split(separator: "@").last ?? "")/@x",
            displayName: "Name of \(handle)", raw: Data("{\"acct\":\"\(handle)\"}".utf8))
    }

    @Test(arguments: StoreKind.allCases)
    func walksEndWhatTheyNoLongerSeeAndKeepTheLedger(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "relations") { test in
            let store = test.store
            let account = try await store.addAccount(
                handle: "alice@one.test", server: "https://one.test", remoteID: "1", username: "alice",
                displayName: "Alice", url: nil)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            let day: TimeInterval = 86_400

            // Walk 1, two pages; the cursor is kept with each page, so a walk cut short resumes there.
            let first = try #require(
                try await store.relationWalk(account: account.id, kind: .following, every: day, now: start))
            #expect(first == RelationWalk(walk: 1, cursor: nil))
            let new = try await store.storeRelationPage(
                [entry("a@x.test"), entry("b@x.test"), entry("a@x.test")], account: account.id, kind: .following,
                walk: first, next: "page-2", now: start)
            #expect(new == 2, "an account named twice on a page is one relation")
            let resumed = try await store.relationWalk(account: account.id, kind: .following, every: day, now: start)
            #expect(resumed == RelationWalk(walk: 1, cursor: "page-2"), "a walk under way resumes at its cursor")
            try await store.storeRelationPage(
                [entry("c@y.test")], account: account.id, kind: .following, walk: first, next: nil, now: start)
            #expect(
                try await store.finishRelationWalk(account: account.id, kind: .following, walk: first, now: start) == 0)
            let held = try await store.relations(of: account.id, kind: .following, includeEnded: false)
            #expect(held.map(\.acct) == ["a@x.test", "b@x.test", "c@y.test"])
            #expect(held.allSatisfy { $0.endedAt == nil && $0.account == "alice@one.test" && $0.kind == .following })
            #expect(try await store.relations(of: account.id, kind: .followers, includeEnded: true).isEmpty)

            // Within the interval: no walk.
            #expect(
                try await store.relationWalk(
                    account: account.id, kind: .following, every: day, now: start.addingTimeInterval(day / 2)) == nil)

            // Walk 2 no longer sees b: b ends, and stays listed with --all.
            let later = start.addingTimeInterval(day * 2)
            let second = try #require(
                try await store.relationWalk(account: account.id, kind: .following, every: day, now: later))
            #expect(second == RelationWalk(walk: 2, cursor: nil))
            try await store.storeRelationPage(
                [entry("a@x.test"), entry("c@y.test")], account: account.id, kind: .following, walk: second,
                next: nil, now: later)
            #expect(
                try await store.finishRelationWalk(account: account.id, kind: .following, walk: second, now: later) == 1
            )
            #expect(
                try await store.relations(of: account.id, kind: .following, includeEnded: false).map(\.acct)
                    == ["a@x.test", "c@y.test"])
            let ended = try await store.relations(of: account.id, kind: .following, includeEnded: true)
                .filter { $0.endedAt != nil }
            #expect(ended.map(\.acct) == ["b@x.test"] && ended.first?.endedAt == Timestamp.string(later))
            #expect(ended.first?.since == Timestamp.string(start))

            // Walk 3 sees b again, but one entry of its page could not be read: b holds again as a new
            // row beside the ended one, and nothing ends (c is not seen, yet stays).
            let third = try #require(
                try await store.relationWalk(account: account.id, kind: .following, every: 0, now: later))
            #expect(
                try await store.storeRelationPage(
                    [entry("a@x.test"), entry("b@x.test")], account: account.id, kind: .following, walk: third,
                    next: nil, readable: false, now: later) == 1)
            #expect(
                try await store.finishRelationWalk(account: account.id, kind: .following, walk: third, now: later) == 0)
            let all = try await store.relations(of: account.id, kind: .following, includeEnded: true)
            #expect(all.map(\.acct) == ["a@x.test", "b@x.test", "b@x.test", "c@y.test"])
            #expect(all.filter { $0.endedAt == nil }.map(\.acct) == ["a@x.test", "b@x.test", "c@y.test"])

            // A worker still paging walk 2 after another finished it and walked again: its page is not
            // stored (nil), and what the newer walk saw stays as it saw it.
            let stale = try await store.storeRelationPage(
                [entry("b@x.test"), entry("z@x.test")], account: account.id, kind: .following, walk: second, next: "x",
                now: later)
            #expect(stale == nil)
            #expect(try await store.relations(of: account.id, kind: .following, includeEnded: true) == all)
            #expect(
                try await store.finishRelationWalk(account: account.id, kind: .following, walk: second, now: later) == 0
            )

            // Kinds and accounts are apart.
            let blocks = try #require(
                try await store.relationWalk(account: account.id, kind: .domainBlocks, every: day, now: later))
            try await store.storeRelationPage(
                [RelationEntry(target: "spam.test", targetID: nil, url: nil, displayName: "", raw: nil)],
                account: account.id, kind: .domainBlocks, walk: blocks, next: nil, now: later)
            try await store.finishRelationWalk(account: account.id, kind: .domainBlocks, walk: blocks, now: later)
            #expect(
                try await store.relations(of: nil, kind: .domainBlocks, includeEnded: false).map(\.acct) == [
                    "spam.test"
                ])
            #expect(try await store.relations(of: account.id, kind: .following, includeEnded: false).count == 3)
        }
    }
}
