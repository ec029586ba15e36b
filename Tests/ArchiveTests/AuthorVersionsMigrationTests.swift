import ArchiveCore
import Foundation
import GRDB
import Logging
import Models
import Testing

@testable import Archive

/// Authors archived before profiles had versions (issue 44) get a first version from their stored row
/// when the archive is opened, with the digest a copy of the same profile has: seeing it again is no
/// new version.
@Suite struct AuthorVersionsMigrationTests {
    @Test func storedAuthorsGetAFirstVersionThatTheSameProfileSeenAgainKeeps() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        let bob = """
            {"id":"7","username":"bob","acct":"bob@a.example","uri":"https://a.example/users/bob",
             "url":"https://a.example/@bob","display_name":"Bob","note":"<p>hi</p>","indexable":false,
             "followers_count":3}
            """
        // An archive from before 0029: bob's profile from his own server, one from nobody readable.
        let before = try #require(SchemaMigrations.all.firstIndex { $0.name == "0029_author_versions" })
        try OlderArchive.write(at: path, migrations: before) { db in
            try db.execute(
                sql: """
                    INSERT INTO authors(handle, raw_json, updated_at, opted_out, authority)
                    VALUES ('bob@a.example', ?, '2025-01-02T03:04:05.000Z', 1, 3), ('odd@a.example', X'7B7D', '', 0, 0)
                    """, arguments: [Data(bob.utf8)])
        }
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        let versions = try await archive.profileVersions(of: "bob@a.example")
        #expect(versions.count == 1)
        #expect(versions.first?.firstSeenAt == "2025-01-02T03:04:05.000Z")
        #expect(versions.first?.source == "origin" && versions.first?.current == true)
        #expect(versions.first?.optedOut == true && versions.first?.indexable == false)
        #expect(try await archive.profileVersions(of: "odd@a.example").isEmpty, "no account, no version")
        // bob's server sends the same profile again, his counts changed: the same version, seen again.
        let post = """
            {"id":"1","uri":"https://a.example/users/bob/statuses/1","created_at":"2025-02-01T00:00:00.000Z",
             "account":\(bob.replacingOccurrences(of: "\"followers_count\":3", with: "\"followers_count\":4")),
             "content":"<p>again</p>","visibility":"public"}
            """
        _ = try await archive.store(
            [try ArchivableStatus(decoding: Data(post.utf8), servedBy: "a.example")], server: "a.example")
        let again = try await archive.profileVersions(of: "bob@a.example")
        #expect(again.count == 1)
        #expect(again.first?.firstSeenAt == "2025-01-02T03:04:05.000Z")
        #expect(again.first.map { $0.lastSeenAt > $0.firstSeenAt } == true)
        #expect(try await archive.integrityCheck() == "ok")
    }
}
