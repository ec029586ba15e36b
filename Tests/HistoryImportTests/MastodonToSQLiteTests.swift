import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Models
import Testing

@testable import HistoryImport

/// A file with mastodon-to-sqlite's tables (as sqlite-utils creates them), imported.
@Suite("Import of mastodon-to-sqlite files")
struct MastodonToSQLiteTests {
    private func makeFile(in folder: URL) throws -> URL {
        let file = folder.appending(path: "mastodon.db")
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE [accounts] ([id] INTEGER PRIMARY KEY, [username] TEXT, [url] TEXT, [display_name] TEXT, [note] TEXT);
                    CREATE TABLE [statuses] ([id] INTEGER PRIMARY KEY, [account_id] INTEGER REFERENCES [accounts]([id]),
                        [content] TEXT, [created_at] TEXT);
                    INSERT INTO accounts VALUES (109000000000000001, 'alice', 'https://social.example/@alice', 'Alice', '<p>hi</p>');
                    INSERT INTO accounts VALUES (109000000000000002, 'bob', 'https://other.example/@bob', 'Bob', '');
                    INSERT INTO statuses VALUES (111000000000000001, 109000000000000001, '<p>Hello from the old db</p>', '2024-03-01T09:00:00.000Z');
                    INSERT INTO statuses VALUES (111000000000000002, 109000000000000002, '<p>Bob, seen from social.example</p>', '2024-03-02T09:00:00.000Z');
                    INSERT INTO statuses VALUES (111000000000000003, 109000000000000001, '<p>no date</p>', NULL);
                    """)
        }
        try queue.close()
        return file
    }

    @Test func whatTheFileHasIsArchivedAndAnUnreadableRowIsKept() async throws {
        let fixture = try ImportFixture()
        let file = try makeFile(in: fixture.folder.url)
        let before = try Data(contentsOf: file)
        let report = try await MastodonToSQLiteImport(file: file, server: "social.example").run(into: fixture.archive)
        #expect(report.read == 3 && report.stored.new == 2 && report.stored.unreadable == 1)
        #expect(try Data(contentsOf: file) == before, "the file is only read")
        #expect(
            try await fixture.archive.allStatusURIs() == [
                ImportFixture.statusBase + "111000000000000001", "urn:icebox:status:social.example:111000000000000002",
            ])
        let status = try await fixture.status(1)
        #expect(status["content"] as? String == "<p>Hello from the old db</p>")
        #expect(status["created_at"] as? String == "2024-03-01T09:00:00.000Z")
        #expect(status["visibility"] as? String == "unknown")
        #expect((status["account"] as? [String: Any])?["display_name"] as? String == "Alice")
        let number = try #require(
            try await fixture.archive.findStatus(server: "social.example", localID: "111000000000000001"))
        #expect(
            try await fixture.archive.provenance(of: number).map(\.detail)
                == ["mastodon-to-sqlite mastodon.db (statuses id 111000000000000001)"])
        let kept = try await fixture.archive.unreadableStatuses()
        #expect(kept.map { $0.error.hasPrefix("statuses id 111000000000000003:") } == [true])
    }

    @Test func aStatusTheArchiveHoldsByItsServerIDIsMatchedNotCopied() async throws {
        let fixture = try ImportFixture()
        // Alice's first post as the archive holds it already (its id on social.example recorded), under a
        // uri of another shape than the one Mastodon gives, which the file cannot know.
        let held = "http://social.example/@alice/111000000000000001"
        let line = #"""
            {"id":"111000000000000001","uri":"\#(held)","created_at":"2024-03-01T09:00:00.000Z",\#
            "account":{"id":"109000000000000001","username":"alice","acct":"alice","display_name":"Alice",\#
            "url":"https://social.example/@alice","note":""},"content":"<p>Hello from the server</p>",\#
            "visibility":"public","media_attachments":[]}
            """#
        let lines = fixture.folder.url.appending(path: "held.jsonl")
        try Data((line + "\n").utf8).write(to: lines)
        _ = try await JSONLinesImport(file: lines, server: "social.example").run(into: fixture.archive)

        let report = try await MastodonToSQLiteImport(
            file: try makeFile(in: fixture.folder.url), server: "social.example"
        )
        .run(into: fixture.archive)
        #expect(report.stored.new == 1, "only bob's post is new: \(report)")
        #expect(
            try await fixture.archive.allStatusURIs() == [held, "urn:icebox:status:social.example:111000000000000002"])
        let number = try #require(
            try await fixture.archive.findStatus(server: "social.example", localID: "111000000000000001"))
        #expect(
            try await fixture.archive.provenance(of: number).map(\.detail).contains(
                "mastodon-to-sqlite mastodon.db (statuses id 111000000000000001)"))
        let raw = try #require(try await fixture.archive.rawJSON(uri: held))
        #expect(String(decoding: raw, as: UTF8.self).contains("Hello from the server"), "the archive's copy stays")
    }

    @Test func aFileThatIsNotOneIsRefused() async throws {
        let fixture = try ImportFixture()
        let file = fixture.folder.url.appending(path: "other.db")
        let queue = try DatabaseQueue(path: file.path)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)") }
        try queue.close()
        await #expect(throws: ImportError.self) {
            _ = try await MastodonToSQLiteImport(file: file, server: "social.example").run(into: fixture.archive)
        }
        let text = fixture.folder.url.appending(path: "text.db")
        try Data("not sqlite at all, just words".utf8).write(to: text)
        do {
            _ = try await MastodonToSQLiteImport(file: text, server: "social.example").run(into: fixture.archive)
            Issue.record("a text file was imported")
        } catch {
            #expect(error.exitStatus == .dataError && error.description.contains(text.path))
        }
        #expect(try await fixture.archive.allStatusURIs().isEmpty)
    }
}
