import ArchiveCore
import Export
import Foundation
import HistoryImport
import IceboxTestSupport
import Logging
import Models
import SearchQuery
import Testing

/// A file's claim to be an account the user archives with does not make it so: its posts count as the
/// user's (`from:me`, `export account`) once that account's server confirmed them. An account known
/// only from files is taken at its files' word.
@Suite("Imports claiming the user's account")
struct ClaimedAccountTests {
    private static let handle = "alice@social.example"

    /// Alice's first post as her server's API serves it (what a sync stores).
    private static func served() throws -> ArchivableStatus {
        let json = #"""
            {"id":"111000000000000001","uri":"https://social.example/users/alice/statuses/111000000000000001",
             "url":"https://social.example/@alice/111000000000000001","created_at":"2024-03-01T09:00:00.000Z",
             "account":{"id":"1","username":"alice","acct":"alice","display_name":"Alice Liddell",
               "url":"https://social.example/@alice","note":""},
             "content":"<p>Hello #Swift friends, as served</p>","visibility":"public","media_attachments":[]}
            """#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: "social.example")
    }

    private static func exported(_ fixture: ImportFixture, as name: String) async throws -> Int {
        let exporter = Exporter(
            archive: fixture.archive, home: IceboxHome(directory: fixture.folder.url), version: "test",
            logger: Logger(label: "test"))
        return try await exporter.exportMastodonAccount(
            handle: handle, to: .file(fixture.folder.url.appending(path: name))
        )
        .statuses
    }

    @Test func importedPostsAreTheUsersOnceTheServerConfirmedThem() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.archive.addAccount(
            handle: Self.handle, server: "https://social.example", remoteID: "1",
            username: "alice", displayName: "Alice", url: "https://social.example/@alice")
        _ = try await fixture.run(ImportFixture.exportFolder)
        let fromMe = try SearchQuery(parsing: "from:me")
        #expect(try await fixture.archive.count(fromMe) == 0)
        #expect(try await fixture.archive.posts(.author(Self.handle), limit: 100, offset: 0).isEmpty)
        let unconfirmed = try await Self.exported(fixture, as: "before.zip")

        _ = try await fixture.archive.store([try Self.served()], server: "social.example")
        #expect(try await fixture.archive.count(fromMe) == 1)
        #expect(
            try await fixture.archive.posts(.author(Self.handle), limit: 100, offset: 0).map(\.uri)
                == [ImportFixture.statusBase + "111000000000000001"])
        #expect(try await Self.exported(fixture, as: "after.zip") == unconfirmed + 1)

        // The same files for an account the user does not archive with: every post, as the files say.
        let filesOnly = try ImportFixture()
        _ = try await filesOnly.run(ImportFixture.exportFolder)
        #expect(try await filesOnly.archive.posts(.author(Self.handle), limit: 100, offset: 0).count == 8)
        #expect(try await Self.exported(filesOnly, as: "files.zip") == unconfirmed + 8)
    }

    @Test func aFileClaimingTheAccountWithAnotherCaseIsNoConfirmationEither() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.archive.addAccount(
            handle: Self.handle, server: "https://social.example", remoteID: "1",
            username: "alice", displayName: "Alice", url: "https://social.example/@alice")
        let file = try HostileExportTests.export(
            fixture, actor: "https://social.example/users/ALICE",
            objects: [(ImportFixture.statusBase + "9", "<p>forged</p>", nil)])
        _ = try await fixture.run(file)
        #expect(try await fixture.archive.posts(.author(Self.handle), limit: 100, offset: 0).isEmpty)
    }
}
