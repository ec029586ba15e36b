import ArchiveCore
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Models
import Testing

/// A set of statuses read at once (a page of `icebox serve`, a thread, an export) gives each status's
/// record exactly as reading it alone does, in the order asked, a number asked twice twice, on both
/// stores; and both stores say the same of each status: its bytes, earlier versions, media, avatar,
/// boosts, emoji and provenance.
@Suite(.serialized) struct ExportSetConformanceTests {
    /// What a record says of its status that does not depend on when or into which store it was archived.
    struct Said: Hashable {
        var raw: Data
        var earlierVersions: [Data]
        var editHistory: [Data]
        var attachments: [ExportRecord.Attachment]
        var avatar: ExportRecord.StoredFile?
        var boosts: [ArchivedBoost]
        var emoji: [String: ExportRecord.StoredFile]
        var sources: [StatusProvenance]

        init(_ record: ExportRecord) {
            (raw, earlierVersions, editHistory) = (record.raw, record.earlierVersions, record.editHistory)
            (attachments, avatar, boosts, emoji) = (record.attachments, record.avatar, record.boosts, record.emoji)
            sources = record.sources
        }
    }

    @Test func aSetOfRecordsIsEachRecordReadAloneAndBothStoresAgree() async throws {
        try await withTestServer({
            $0.statusCount = 60
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(.sqlite, "set-sqlite") { sqlite in
                try await TestStore.with(.postgres, "set-postgres") { postgres in
                    var said: [[String: Said]] = []
                    for test in [sqlite, postgres] {
                        said.append(try await Self.readTogetherAndAlone(server, test))
                    }
                    #expect(said[0] == said[1], "both stores say the same of each status")
                }
            }
        }
    }

    /// Syncs the server into `test` with its media, stores an edited post and a boost of it, and checks
    /// that the records of every status read together are the records read one by one.
    static func readTogetherAndAlone(_ server: TestServer, _ test: TestStore) async throws -> [String: Said] {
        _ = try await StoreConformanceTests.syncAlice(server, into: test, media: true)
        let original = try RawJSONRoundTripTests.status(1)
        let edit = try RawJSONRoundTripTests.status(1, edited: "2024-05-02T00:00:00.000Z")
        let boost = try RawJSONRoundTripTests.status(3, boosting: String(decoding: original.raw, as: UTF8.self))
        _ = try await test.store.store([original, try RawJSONRoundTripTests.status(2)], server: "rt.example")
        _ = try await test.store.store([edit, boost], server: "rt.example")
        var numbers: [Int64] = []
        for uri in try await test.store.allStatusURIs() {
            if let number = try await test.store.findStatus(uri) { numbers.append(number) }
        }
        let asked: [Int64] = numbers.reversed() + numbers.prefix(3)
        var alone: [ExportRecord] = []
        for number in asked { alone.append(try #require(try await test.store.exportRecords([number]).first)) }
        let together = try await test.store.exportRecords(asked)
        #expect(together == alone, "\(type(of: test.store)): a set's records are its statuses' records, in order")
        #expect(together.map(\.number) == asked)
        #expect(together.contains { !$0.attachments.isEmpty }, "the set has media")
        #expect(together.contains { !$0.boosts.isEmpty }, "the set has boosted posts")
        #expect(together.contains { !$0.earlierVersions.isEmpty }, "the set has edited posts")
        #expect(together.contains { !$0.sources.isEmpty }, "the set has provenance")
        await #expect(throws: ArchiveError.self) { try await test.store.exportRecords([numbers[0], 987_654_321]) }
        return Dictionary(together.map { ($0.uri, Said($0)) }) { first, _ in first }
    }
}
