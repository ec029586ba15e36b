import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Models
import SearchQuery
import Testing

@testable import HistoryImport

/// Imported statuses and synced ones are one row per uri, whichever arrives first; the server's copy
/// is the one shown, and the import stays recorded as a source.
@Suite("Imports beside syncs")
struct ImportDedupTests {
    /// The fixture's first post as its server's API serves it (what a sync stores).
    private static func served() throws -> ArchivableStatus {
        let json = #"""
            {"id":"111000000000000001","uri":"https://social.example/users/alice/statuses/111000000000000001",
             "url":"https://social.example/@alice/111000000000000001","created_at":"2024-03-01T09:00:00.000Z",
             "account":{"id":"1","username":"alice","acct":"alice","display_name":"Alice Liddell",
               "url":"https://social.example/@alice","note":"","followers_count":3,"following_count":4},
             "content":"<p>Hello #Swift friends, as served</p>","visibility":"public","replies_count":2,
             "reblogs_count":1,"favourites_count":5,"media_attachments":[],"mentions":[],"tags":[],"emojis":[]}
            """#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: "social.example")
    }

    private static let uri = ImportFixture.statusBase + "111000000000000001"

    @Test func aSyncAfterTheImportReplacesTheImportedCopyAndKeepsIt() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let imported = try #require(try await fixture.archive.rawJSON(uri: Self.uri))
        let result = try await fixture.archive.store([try Self.served()], server: "social.example")
        #expect(result.new == 0 && result.updated == 1)
        #expect(try await fixture.archive.rawJSON(uri: Self.uri) == Self.served().raw)
        #expect(try await fixture.archive.allStatusURIs().count == 9)  // 8 posts and alice's boost of one
        let number = try #require(try await fixture.archive.findStatus(Self.uri))
        let archived = try await fixture.archive.status(number: number)
        #expect(archived.otherCopies == ["social.example"])
        let queue = try DatabaseQueue(path: fixture.folder.url.appending(path: "archive.sqlite").path)
        #expect(
            try await queue.read { db in
                try Data.fetchOne(
                    db, sql: "SELECT raw_json FROM status_copies WHERE status_id = ?", arguments: [number])
            } == imported)
        let sources = try await fixture.archive.provenance(of: number)
        #expect(sources.map(\.kind) == [.fetch, .import])
    }

    @Test func anImportAfterASyncLeavesTheServersCopyShown() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.archive.store([try Self.served()], server: "social.example")
        let report = try await fixture.run(ImportFixture.exportFolder)
        #expect(report.stored.new == 7)
        #expect(try await fixture.archive.rawJSON(uri: Self.uri) == Self.served().raw)
        #expect(try await fixture.archive.allStatusURIs().count == 9)  // 8 posts and alice's boost of one
        let number = try #require(try await fixture.archive.findStatus(Self.uri))
        #expect(try await fixture.archive.provenance(of: number).map(\.kind) == [.fetch, .import])
    }

    @Test func aFavouriteNamedByTheExportCountsOnceTheStatusIsArchived() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let favourited = try SearchQuery(parsing: "is:favourited")
        #expect(try await fixture.archive.count(favourited) == 0)
        let json = #"""
            {"id":"999","uri":"https://other.example/users/bob/statuses/999","created_at":"2024-03-05T09:00:00.000Z",
             "account":{"id":"2","username":"bob","acct":"bob","url":"https://other.example/@bob"},
             "content":"<p>a post alice liked</p>","visibility":"public"}
            """#
        _ = try await fixture.archive.store(
            [try ArchivableStatus(decoding: Data(json.utf8), servedBy: "other.example")],
            server: "other.example")
        #expect(try await fixture.archive.count(favourited) == 1)
        #expect(
            try await fixture.archive.references(kind: .favourite).filter(\.resolved).map(\.uri)
                == ["https://other.example/users/bob/statuses/999"])
    }
}
