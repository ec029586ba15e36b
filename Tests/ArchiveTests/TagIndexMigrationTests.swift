import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Logging
import Models
import SearchQuery
import Testing

@testable import Archive

/// The exact index of tags (schema/0020_status_tags.sql): an older archive gets it filled from its rows'
/// tag_names on open, and its triggers keep it in step with every later write of tag_names.
@Suite struct TagIndexMigrationTests {
    static func insert(_ db: Database, id: Int, tags: String, reblogOf: String? = nil) throws {
        let created = "2026-01-0\(id)T00:00:00.000Z"
        let key = SortKey.floor(try #require(MastodonDate.parse(created)))
        // Before schema/0034 the content is a column of its own; from there on it is read from raw_json.
        let stored =
            try Bool.fetchOne(
                db, sql: "SELECT hidden = 0 FROM pragma_table_xinfo('statuses') WHERE name = 'content'") ?? false
        try db.execute(
            sql: """
                INSERT INTO statuses(id, uri, created_at, author_handle, reblog_uri, visibility, \(stored ? "content, " : "")text,
                    tag_names, raw_json, raw_server, first_seen_at, updated_at, sort_key)
                VALUES (?, ?, ?, 'u@a.example', ?, 'public', \(stored ? "'', " : "")'words', ?, X'7B7D', 'a.example', '', '', ?)
                """, arguments: [id, "https://a.example/\(id)", created, reblogOf, tags, key])
    }

    static func rows(_ pool: DatabasePool) throws -> [String] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT tag, status_id FROM status_tags ORDER BY tag, status_id")
                .map { "\($0["tag"] as String) \($0["status_id"] as Int64)" }
        }
    }

    @Test func anOlderArchiveGetsItsTagsIndexedAndTheTriggersKeepThemInStep() async throws {
        let folder = try TemporaryDirectory("icebox-old")
        let path = folder.url.appending(path: "archive.sqlite")
        try OlderArchive.write(at: path, migrations: 19) { db in
            try Self.insert(db, id: 1, tags: "swift cafe swift")
            try Self.insert(db, id: 2, tags: "swift", reblogOf: "https://a.example/1")
            try Self.insert(db, id: 3, tags: "")
            try Self.insert(db, id: 4, tags: "caturday  swift_ios")
        }
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        let pool = try DatabasePool(path: path.path)
        #expect(try Self.rows(pool) == ["cafe 1", "caturday 4", "swift 1", "swift_ios 4"], "boosts left out")
        func find(_ text: String) async throws -> [String] {
            let query = try SearchQuery(parsing: text)
            let found = try await archive.search(query, consent: .off).map(\.uri)
            #expect(try await archive.count(query, consent: .off) == found.count, "count of \(text)")
            return found
        }
        #expect(try await find("#swift") == ["https://a.example/1"])
        #expect(try await find("#swift_ios") == ["https://a.example/4"])
        #expect(try await find("#ios").isEmpty, "one word of a tag is not the tag")

        try await pool.write { db in
            try db.execute(sql: "UPDATE statuses SET tag_names = 'swift' WHERE id = 1")
            try db.execute(sql: "UPDATE statuses SET user_marks = 1 WHERE id = 4")
            try db.execute(sql: "DELETE FROM statuses WHERE id = 2")
            // Text no Hashtag writes does not break the trigger either.
            try Self.insert(db, id: 5, tags: #"a"b\c swift"#)
        }
        #expect(try Self.rows(pool) == [#"a"b\c 5"#, "caturday 4", "swift 1", "swift 5", "swift_ios 4"])
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM statuses WHERE id = 5")
            try db.execute(sql: "UPDATE statuses SET reblog_uri = 'https://a.example/3' WHERE id = 4")
        }
        #expect(try Self.rows(pool) == ["swift 1"])
        #expect(try await find("#cafe").isEmpty)
        #expect(try await archive.integrityCheck() == "ok")
    }
}
