import ArchiveCore
import Foundation
import Testing

/// The rest of the relation ledger (issue 44), the same on both stores: lists keep their members by
/// list id (a renamed list keeps them, a member taken off ends, a deleted list ends with its members),
/// hashtags and endorsements end as the other kinds do, and a walk of notes keeps each note and the
/// settings of the follows it asked about.
@Suite(.serialized) struct RelationGraphConformanceTests {
    private func member(_ handle: String, of list: String) -> RelationEntry {
        RelationEntry(
            target: handle, targetID: "id-\(handle)", url: nil, displayName: "Name of \(handle)",
            raw: Data("{\"acct\":\"\(handle)\"}".utf8), list: list)
    }

    private func list(_ id: String, _ title: String) -> RelationEntry {
        RelationEntry(
            target: id, targetID: id, url: nil, displayName: title,
            raw: Data(
                "{\"id\":\"\(id)\",\"title\":\"\(title)\",\"replies_policy\":\"followed\",\"exclusive\":true}".utf8))
    }

    @Test(arguments: StoreKind.allCases)
    func aListKeepsItsMembersByIdAndEndsWhatAWholeWalkNoLongerSaw(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "relation-lists") { test in
            let store = test.store
            let account = try await store.addAccount(
                handle: "alice@one.test", server: "https://one.test", remoteID: "1", username: "alice",
                displayName: "Alice", url: nil)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            let later = start.addingTimeInterval(86_400 * 2)

            let first = try #require(
                try await store.relationWalk(account: account.id, kind: .lists, every: 0, now: start))
            try await store.storeRelationPage(
                [list("7", "Friends"), list("12", "Work")], account: account.id, kind: .lists, walk: first,
                next: "7", now: start)
            #expect(
                try await store.relationTargets(of: account.id, kind: .lists, seenBy: first).sorted() == ["12", "7"])
            // The same account on two lists is two relations.
            try await store.storeRelationPage(
                [member("a@x.test", of: "7"), member("b@x.test", of: "7")], account: account.id, kind: .listMembers,
                walk: first, next: "12", now: start)
            #expect(
                try await store.relationWalk(account: account.id, kind: .lists, every: 0, now: start)
                    == RelationWalk(walk: 1, cursor: "12"), "list members are stored with the walk of lists")
            try await store.storeRelationPage(
                [member("a@x.test", of: "12")], account: account.id, kind: .listMembers, walk: first, next: nil,
                now: start)
            #expect(try await store.finishRelationWalk(account: account.id, kind: .lists, walk: first, now: start) == 0)
            let lists = try await store.lists(of: account.id, includeEnded: false)
            #expect(lists.map(\.id) == ["12", "7"] && lists.map(\.title) == ["Work", "Friends"])
            #expect(lists.map { $0.members.map(\.acct) } == [["a@x.test"], ["a@x.test", "b@x.test"]])
            #expect(lists.first?.repliesPolicy == "followed" && lists.first?.exclusive == true)

            // Walk 2: list 7 renamed, b taken off it; list 12 deleted.
            let second = try #require(
                try await store.relationWalk(account: account.id, kind: .lists, every: 0, now: later))
            try await store.storeRelationPage(
                [list("7", "Pals")], account: account.id, kind: .lists, walk: second, next: "7", now: later)
            try await store.storeRelationPage(
                [member("a@x.test", of: "7")], account: account.id, kind: .listMembers, walk: second, next: nil,
                now: later)
            #expect(
                try await store.finishRelationWalk(account: account.id, kind: .lists, walk: second, now: later) == 3,
                "list 12, its member, and b on list 7")
            let held = try await store.lists(of: account.id, includeEnded: false)
            #expect(held.map(\.title) == ["Pals"] && held.first?.members.map(\.acct) == ["a@x.test"])
            #expect(held.first?.since == Timestamp.string(start), "a renamed list is the same list")
            #expect(held.first?.members.first?.since == Timestamp.string(start), "and keeps its members")
            let all = try await store.lists(of: nil, includeEnded: true)
            #expect(all.map(\.id) == ["12", "7"])
            #expect(all.first?.endedAt == Timestamp.string(later) && all.first?.members.first?.endedAt != nil)
            let ended = all.last?.members.filter { $0.endedAt != nil }.map(\.acct)
            #expect(ended == ["b@x.test"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func tagsEndorsementsNotesAndFollowSettingsAreKept(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "relation-graph") { test in
            let store = test.store
            let account = try await store.addAccount(
                handle: "alice@one.test", server: "https://one.test", remoteID: "1", username: "alice",
                displayName: "Alice", url: nil
            )
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            func walked(_ kind: RelationKind, _ entries: [RelationEntry]) async throws {
                let walk = try #require(
                    try await store.relationWalk(account: account.id, kind: kind, every: 0, now: now))
                try await store.storeRelationPage(
                    entries, account: account.id, kind: kind, walk: walk, next: nil, now: now)
                try await store.finishRelationWalk(account: account.id, kind: kind, walk: walk, now: now)
            }
            func other(_ handle: String, id: String) -> RelationEntry {
                RelationEntry(target: handle, targetID: id, url: nil, displayName: handle, raw: Data("{}".utf8))
            }
            try await walked(.following, [other("a@x.test", id: "20"), other("b@x.test", id: "3")])
            try await walked(.endorsements, [other("c@x.test", id: "100")])
            try await walked(.followers, [other("f@x.test", id: "5")])
            let tag = RelationEntry(
                target: "swift", targetID: nil, url: "https://one.test/tags/swift", displayName: "Swift", raw: nil)
            try await walked(.followedTags, [tag])
            #expect(
                try await store.relations(of: account.id, kind: .followedTags, includeEnded: false).map(\.displayName)
                    == ["Swift"])
            try await walked(.followedTags, [])
            #expect(try await store.relations(of: account.id, kind: .followedTags, includeEnded: false).isEmpty)
            #expect(try await store.relations(of: account.id, kind: .followedTags, includeEnded: true).count == 1)

            // The accounts a walk of notes asks about: followed and endorsed (not followers), by id.
            let targets = try await store.relationshipTargets(of: account.id, after: nil, limit: 2)
            #expect(targets.map(\.targetID) == ["100", "20"])
            #expect(try await store.relationshipTargets(of: account.id, after: "20", limit: 2).map(\.targetID) == ["3"])

            let notes = try #require(
                try await store.relationWalk(account: account.id, kind: .notes, every: 0, now: now))
            var note = other("b@x.test", id: "3")
            note.note = "met at the conference"
            let settings = FollowSettings(showingReblogs: false, notifying: true, languages: ["en", "de"])
            try await store.storeRelationPage(
                [note], account: account.id, kind: .notes, walk: notes, next: nil, settings: ["3": settings], now: now)
            try await store.finishRelationWalk(account: account.id, kind: .notes, walk: notes, now: now)
            let following = try await store.relations(of: account.id, kind: .following, includeEnded: false)
            #expect(following.map(\.settings) == [nil, settings])
            let kept = try await store.relations(of: account.id, kind: .notes, includeEnded: false)
            #expect(kept.map(\.acct) == ["b@x.test"] && kept.first?.note == "met at the conference")
            // A note seen again with other words keeps one row; the newest words stand.
            let again = try #require(
                try await store.relationWalk(account: account.id, kind: .notes, every: 0, now: now))
            note.note = "old friend"
            try await store.storeRelationPage(
                [note], account: account.id, kind: .notes, walk: again, next: nil, now: now)
            try await store.finishRelationWalk(account: account.id, kind: .notes, walk: again, now: now)
            #expect(
                try await store.relations(of: account.id, kind: .notes, includeEnded: true).map(\.note) == [
                    "old friend"
                ])
        }
    }
}
