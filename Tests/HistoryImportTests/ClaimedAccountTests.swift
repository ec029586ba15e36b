import ArchiveCore
import Export
import Foundation
import HistoryImport
import IceboxTestSupport
import Logging
import Models
import SearchQuery
import Testing

/// A file's claim to be an account the user archives with stays the file's: its posts are listed as the
/// account's (`from:me`, `export account`), marked as the file's until the server sends them, and a
/// server's copy always wins over the file's.
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

    /// The outbox of an `export account` ZIP in the fixture's folder, as text.
    private static func outbox(_ fixture: ImportFixture, _ name: String) async throws -> String {
        let file = fixture.folder.url.appending(path: name)
        return try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-p", file.path, "outbox.json"])
            .stdout
    }

    /// Importing one's own export and adding the account (M1 of NEWUSER-2026-11-29): the posts stay the
    /// account's, marked as the file's, and `export account` writes them; once the server sent a post, its
    /// copy is the one listed and exported, never the file's object (round-3 finding 5).
    @Test func importedPostsStayTheUsersMarkedAsTheFilesUntilTheServerSendsThem() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.archive.addAccount(
            handle: Self.handle, server: "https://social.example", remoteID: "1",
            username: "alice", displayName: "Alice", url: "https://social.example/@alice")
        _ = try await fixture.run(ImportFixture.exportFolder)
        let listed = try await fixture.archive.posts(.author(Self.handle), limit: 100, offset: 0)
        #expect(listed.count == 8 && listed.allSatisfy(\.fromFile), "\(listed.map(\.fromFile))")
        #expect(try await fixture.archive.count(try SearchQuery(parsing: "from:me")) == 8)
        #expect(try await Self.exported(fixture, as: "before.zip") == 8)

        let first = ImportFixture.statusBase + "111000000000000001"
        _ = try await fixture.archive.store([try Self.served()], server: "social.example")
        let after = try await fixture.archive.posts(.author(Self.handle), limit: 100, offset: 0)
        #expect(after.count == 8)
        #expect(after.filter { !$0.fromFile }.map(\.uri) == [first])
        #expect(try await Self.exported(fixture, as: "after.zip") == 8)
        let outbox = try await Self.outbox(fixture, "after.zip")
        #expect(outbox.contains("as served"), "the server's copy of the post it sent")

        // The same files for an account the user does not archive with: every post, as the files say.
        let filesOnly = try ImportFixture()
        _ = try await filesOnly.run(ImportFixture.exportFolder)
        #expect(try await filesOnly.archive.posts(.author(Self.handle), limit: 100, offset: 0).count == 8)
        #expect(try await Self.exported(filesOnly, as: "files.zip") == 8)
    }

    /// A file claiming the account in another case is listed as the file's, never as a server's post.
    @Test func aFileClaimingTheAccountWithAnotherCaseIsListedAsTheFiles() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.archive.addAccount(
            handle: Self.handle, server: "https://social.example", remoteID: "1",
            username: "alice", displayName: "Alice", url: "https://social.example/@alice")
        let file = try HostileExportTests.export(
            fixture, actor: "https://social.example/users/ALICE",
            objects: [(ImportFixture.statusBase + "9", "<p>forged</p>", nil)])
        _ = try await fixture.run(file)
        let listed = try await fixture.archive.posts(.author(Self.handle), limit: 100, offset: 0)
        #expect(!listed.isEmpty && listed.allSatisfy(\.fromFile))
    }
}
