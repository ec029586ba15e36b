import ArchiveCore
import Foundation
import Models
import Testing

/// Statuses a store holds already, seen again: in another timeline they are new to it (and counted so),
/// in the same one nothing changes; a newer edit replaces the row. The same on each store.
@Suite(.serialized) struct HeldStatusesTests {
    @Test(arguments: StoreKind.allCases)
    func statusesSeenAgainAreCountedAndRecordedAsStoringThemAloneWould(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "held") { test in
            let store = test.store
            let first = try await store.addTimeline(spec: "remote:held.example", accountID: nil, server: "held.example")
            let second = try await store.addTimeline(
                spec: "tag:held@held.example", accountID: nil, server: "held.example")
            let page = try (1...5).map { try Self.status($0, edited: nil) }
            let stored = try await store.store(
                page, server: "held.example", timelineID: first.id, cursor: CursorUpdate())
            #expect(stored.new == 5)
            let elsewhere = try await store.store(
                page, server: "held.example", timelineID: second.id, cursor: CursorUpdate())
            #expect(elsewhere.new == 0 && elsewhere.updated == 0 && elsewhere.newToTimeline == 5, "\(elsewhere)")
            #expect(try await store.statusURIs(timelineID: second.id).count == 5)
            let again = try await store.store(
                page, server: "held.example", timelineID: second.id, cursor: CursorUpdate())
            #expect(again.new == 0 && again.updated == 0 && again.newToTimeline == 0, "\(again)")
            // One of them edited since: it replaces the row; the others change nothing.
            var edited = page
            edited[2] = try Self.status(3, edited: "2024-05-02T00:00:00.000Z")
            let replaced = try await store.store(
                edited, server: "held.example", timelineID: first.id, cursor: CursorUpdate())
            #expect(replaced.new == 0 && replaced.updated == 1 && replaced.newToTimeline == 0, "\(replaced)")
            let number = try #require(try await store.findStatus("https://held.example/s/3"))
            #expect(try await store.rawJSON(uri: "https://held.example/s/3") == edited[2].raw)
            #expect(try await store.status(number: number).versions.count == 1)
        }
    }

    static func status(_ number: Int, edited: String?) throws -> ArchivableStatus {
        let edit = edited.map { "\"\($0)\"" } ?? "null"
        let json =
            #"{"id":"\#(number)","uri":"https://held.example/s/\#(number)","created_at":"2024-05-01T00:00:0\#(number).000Z","#
            + #""edited_at":\#(edit),"account":{"id":"1","username":"hal","acct":"hal"},"#
            + #""content":"<p>status \#(number)\#(edited == nil ? "" : ", edited")</p>","visibility":"public"}"#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: "held.example")
    }
}
