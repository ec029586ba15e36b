import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Logging
import Models
import SearchQuery
import Testing

@testable import Archive

/// The index of space-less scripts keeps no sizes (schema/0040_cjk_index_without_sizes.sql): an older
/// archive's index is built again without them, and it still finds, follows edits and forgets deletions.
@Suite struct CJKIndexSizesTests {
    static func insert(_ db: Database, id: Int, words: String) throws {
        let created = "2026-01-0\(id)T00:00:00.000Z"
        let key = SortKey.floor(try #require(MastodonDate.parse(created)))
        try db.execute(
            sql: """
                INSERT INTO statuses(id, uri, created_at, author_handle, visibility, text, search_cjk, raw_json,
                    raw_server, first_seen_at, updated_at, sort_key)
                VALUES (?, ?, ?, 'u@a.example', 'public', ?, ?, X'7B7D', 'a.example', '', '', ?)
                """,
            arguments: [id, "https://a.example/\(id)", created, words, NoSpaceScript.indexText([words]), key])
    }

    @Test func anOlderArchivesIndexLosesItsSizesAndKeepsFinding() async throws {
        let folder = try TemporaryDirectory("icebox-cjk")
        let path = folder.url.appending(path: "archive.sqlite")
        try OlderArchive.write(at: path, migrations: 39) { db in
            try Self.insert(db, id: 1, words: "東京の天気")
            try Self.insert(db, id: 2, words: "京都のラーメン")
        }
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        let pool = try DatabasePool(path: path.path)
        let tables = try await pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE name LIKE 'statuses_cjk%'")
        }
        #expect(!tables.isEmpty, "the index is there")
        #expect(!tables.contains("statuses_cjk_docsize"), "no sizes are kept: \(tables)")

        func find(_ text: String) async throws -> [String] {
            try await archive.search(try SearchQuery(parsing: text), consent: .off).map(\.uri)
        }
        #expect(try await find("東京") == ["https://a.example/1"], "a row indexed before the migration")
        #expect(try await find("京都") == ["https://a.example/2"])

        try await pool.write { db in
            try db.execute(
                sql: "UPDATE statuses SET search_cjk = ? WHERE id = 1", arguments: [NoSpaceScript.indexText(["大阪"])])
            try db.execute(sql: "DELETE FROM statuses WHERE id = 2")
        }
        #expect(try await find("東京").isEmpty, "an edit's old words are gone")
        #expect(try await find("大阪") == ["https://a.example/1"], "and its new ones found")
        #expect(try await find("京都").isEmpty, "a deleted row is gone")
        #expect(try await archive.integrityCheck() == "ok")
    }
}
