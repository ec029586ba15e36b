import ArchiveCore
import Foundation
import GRDB
import Logging
import Models
import Testing

@testable import Archive

/// statuses.content read from the raw JSON (schema/0034_content_from_json.sql): a generated column that
/// gives the text the status decodes to, with no byte of it stored, in new archives and in archives
/// upgraded from 0033, where every status keeps its content and its raw JSON byte for byte.
@Suite struct ContentFromJSONTests {
    /// Every fixture's content (many servers, boosts, hostile and split payloads) as the column reads it.
    @Test func theColumnGivesEachStatusItsDecodedContentAndStoresNone() async throws {
        let archive = try TemporaryArchive()
        let statuses = try AccountsOnceTests.statuses()
        for status in statuses { _ = try await archive.database.store([status], server: "fixtures.example") }
        let rows = try await archive.database.read { db in
            try Row.fetchAll(db, sql: "SELECT uri, content, content_kept FROM statuses").map {
                (uri: $0["uri"] as String, content: $0["content"] as String, kept: $0["content_kept"] as String?)
            }
        }
        let decoded = Dictionary(
            statuses.map { ($0.status.archiveURI, $0.status.content) }, uniquingKeysWith: { first, _ in first })
        #expect(rows.count >= statuses.count)
        for row in rows {
            #expect(row.kept == nil, "\(row.uri) keeps no second copy of its content")
            if let content = decoded[row.uri] { #expect(row.content == content, "\(row.uri)") }
        }
    }

    /// A boosted post whose bytes could not be cut out of its boost's is stored without raw JSON: its
    /// text is kept apart, so the column still reads the content it decoded to.
    @Test func aPostWithoutItsRawJSONKeepsItsContentApart() async throws {
        let archive = try TemporaryArchive()
        let boost = try #require(
            AccountsOnceTests.statuses().first { ($0.status.reblog?.content.isEmpty ?? true) == false })
        let post = try #require(boost.status.reblog)
        let unsliced = ArchivableStatus(status: boost.status, raw: boost.raw, rawReblog: nil)
        _ = try await archive.database.store([unsliced], server: "fixtures.example")
        let content = try await archive.database.read { db in
            try String.fetchOne(db, sql: "SELECT content FROM statuses WHERE uri = ?", arguments: [post.archiveURI])
        }
        #expect(content == post.content)
    }

    /// An archive as 0033 left it, with the fixtures' statuses (account objects cut out of most) and one
    /// whose content column says other than its JSON: after the upgrade each reads the same content and
    /// the same raw JSON, byte for byte, and only the odd one keeps its text apart.
    @Test func anUpgradedArchiveKeepsEveryContentAndEveryRawByte() async throws {
        let current = try TemporaryArchive()
        let statuses = try AccountsOnceTests.statuses()
        for status in statuses { _ = try await current.database.store([status], server: "fixtures.example") }
        let decoded = Dictionary(
            statuses.map { ($0.status.archiveURI, $0.status.content) }, uniquingKeysWith: { first, _ in first })
        let odd = try #require(decoded.keys.sorted().first)
        // As 0033 kept them: every card and every boosted post's account object in place (0035 and 0037 cut
        // them out): a row that has any of them cut out is kept whole, the others keep the account apart.
        try await current.database.write { db in
            let later = StoredRawJSON.Slot.allCases.dropFirst().map(\.columns)
            try db.execute(
                sql: """
                    UPDATE statuses SET raw_json = \(SQLiteDialect().rawJSON(of: "statuses")),
                        \(StoredRawJSON.Slot.allCases.map { "\($0.columns.reference) = NULL, \($0.columns.offset) = NULL" }
                        .joined(separator: ", "))
                    WHERE \(later.map { "\($0.reference) IS NOT NULL" }.joined(separator: " OR "))
                    """)
        }

        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-0033-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        let before = try #require(SchemaMigrations.all.firstIndex { $0.name == "0034_content_from_json" })
        try OlderArchive.write(at: path, migrations: before) { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [current.database.path.path])
            // The columns 0033 had: none of 0034's, 0035's, 0037's or 0041's, and url stored.
            let later = StoredRawJSON.Slot.allCases.dropFirst().flatMap { [$0.columns.reference, $0.columns.offset] }
            let columns = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM pragma_table_xinfo('statuses', 'current')
                    WHERE hidden = 0 AND name NOT IN ('content_kept', 'url_kept', \(later.map { "'\($0)'" }.joined(separator: ", ")))
                    ORDER BY cid
                    """
            ).joined(separator: ", ")
            try db.execute(sql: "INSERT INTO raw_accounts SELECT * FROM current.raw_accounts")
            try db.execute(
                sql: "INSERT INTO statuses(\(columns), url, content) SELECT \(columns), url, '' FROM current.statuses")
            // As the older Icebox stored it: the content each status decoded to (a boosted post's too).
            try db.execute(
                sql: """
                    UPDATE statuses SET content = IFNULL(
                        (SELECT json_extract(j.raw_json, '$.content') FROM status_json j WHERE j.number = statuses.id), '')
                    """)
            for (uri, content) in decoded {
                try db.execute(
                    sql: "UPDATE statuses SET content = ? WHERE uri = ?",
                    arguments: [uri == odd ? "<p>not what the JSON says</p>" : content, uri])
            }
        }
        let old = try DatabaseQueue(path: path.path)
        let (rawBefore, split) = try await old.read { db in
            (
                try Dictionary(
                    Row.fetchAll(db, sql: "SELECT uri, raw_json FROM status_json").map {
                        ($0["uri"] as String, $0["raw_json"] as String)
                    }, uniquingKeysWith: { first, _ in first }),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statuses WHERE raw_account IS NOT NULL") ?? 0
            )
        }
        try old.close()
        #expect(split > 0, "the old archive has statuses whose account object was cut out")

        let upgraded = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        let rows = try await upgraded.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.uri, s.content, s.content_kept, j.raw_json
                    FROM statuses s JOIN status_json j ON j.number = s.id
                    """
            ).map {
                (
                    id: $0["id"] as Int64, uri: $0["uri"] as String, content: $0["content"] as String,
                    kept: $0["content_kept"] as String?, raw: $0["raw_json"] as String
                )
            }
        }
        #expect(rows.count == rawBefore.count)
        for row in rows {
            #expect(row.raw == rawBefore[row.uri], "\(row.uri): the status_json view's bytes")
            #expect(try await upgraded.status(number: row.id).raw == Data(row.raw.utf8), "\(row.uri): show --raw")
            guard let content = decoded[row.uri] else {
                #expect(row.kept == nil, "\(row.uri) keeps no second copy of its content")
                continue
            }
            if row.uri == odd {
                #expect(row.content == "<p>not what the JSON says</p>")
                #expect(row.kept == "<p>not what the JSON says</p>")
            } else {
                #expect(row.content == content, "\(row.uri)")
                #expect(row.kept == nil, "\(row.uri) keeps no second copy of its content")
            }
        }
        #expect(try await upgraded.integrityCheck() == "ok")
    }
}
