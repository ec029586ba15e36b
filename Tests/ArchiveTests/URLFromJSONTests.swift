import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Logging
import Models
import Testing

@testable import Archive

/// statuses.url read from the raw JSON (schema/0041_url_from_json.sql), as content is (0034): a generated
/// column that gives the url the status decodes to, with no byte of it stored, in new archives and in
/// archives upgraded from 0040, where every status keeps its url and its raw JSON byte for byte.
@Suite struct URLFromJSONTests {
    /// Each fixture status and the post it boosts, by uri: the url it decodes to.
    static func decodedURLs(_ statuses: [ArchivableStatus]) -> [String: String?] {
        let all = statuses.flatMap { [$0.status] + ($0.status.reblog.map { [$0] } ?? []) }
        return Dictionary(all.map { ($0.archiveURI, $0.url) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every fixture's url (many servers, boosts, hostile and split payloads, statuses without a url) as
    /// the column reads it, with none kept apart.
    @Test func theColumnGivesEachStatusItsDecodedURLAndStoresNone() async throws {
        let archive = try TemporaryArchive()
        let statuses = try AccountsOnceTests.statuses()
        for status in statuses { _ = try await archive.database.store([status], server: "fixtures.example") }
        let rows = try await archive.database.read { db in
            try Row.fetchAll(db, sql: "SELECT uri, url, url_kept FROM statuses").map {
                (uri: $0["uri"] as String, url: $0["url"] as String?, kept: $0["url_kept"] as String?)
            }
        }
        let decoded = Self.decodedURLs(statuses)
        #expect(rows.count >= statuses.count)
        #expect(rows.contains { $0.url != nil } && decoded.values.contains { $0 == nil }, "urls, and statuses without")
        for row in rows {
            #expect(row.kept == nil, "\(row.uri) keeps no second copy of its url")
            if let url = decoded[row.uri] { #expect(row.url == url, "\(row.uri)") }
        }
    }

    /// A boosted post whose bytes could not be cut out of its boost's is stored without raw JSON: its url
    /// is kept apart, so the column still reads the url it decoded to.
    @Test func aPostWithoutItsRawJSONKeepsItsURLApart() async throws {
        let archive = try TemporaryArchive()
        let boost = try #require(AccountsOnceTests.statuses().first { $0.status.reblog?.url != nil })
        let post = try #require(boost.status.reblog)
        let unsliced = ArchivableStatus(status: boost.status, raw: boost.raw, rawReblog: nil)
        _ = try await archive.database.store([unsliced], server: "fixtures.example")
        let row = try await archive.database.read { db in
            try Row.fetchOne(db, sql: "SELECT url, url_kept FROM statuses WHERE uri = ?", arguments: [post.archiveURI])
                .map { (url: $0["url"] as String?, kept: $0["url_kept"] as String?) }
        }
        #expect(row?.url == post.url)
        #expect(row?.kept == post.url)
    }

    /// An archive as 0040 left it, with the fixtures' statuses and one whose url column says other than
    /// its JSON: after the upgrade each reads the same url and the same raw JSON, byte for byte, and only
    /// the odd one keeps its url apart.
    @Test func anUpgradedArchiveKeepsEveryURLAndEveryRawByte() async throws {
        let current = try TemporaryArchive()
        let statuses = try AccountsOnceTests.statuses()
        for status in statuses { _ = try await current.database.store([status], server: "fixtures.example") }
        let decoded = Self.decodedURLs(statuses)
        let odd = try #require(decoded.keys.sorted().first)

        let directory = try TemporaryDirectory("icebox-0040")
        defer { withExtendedLifetime(directory) {} }
        let path = directory.url.appending(path: "archive.sqlite")
        let before = try #require(SchemaMigrations.all.firstIndex { $0.name == "0041_url_from_json" })
        try OlderArchive.write(at: path, migrations: before) { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [current.database.path.path])
            // The columns 0040 had: all but url_kept, and url stored.
            let columns = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM pragma_table_xinfo('statuses', 'current')
                    WHERE hidden = 0 AND name <> 'url_kept' ORDER BY cid
                    """
            ).joined(separator: ", ")
            for table in ["raw_accounts", "raw_cards"] {
                try db.execute(sql: "INSERT INTO \(table) SELECT * FROM current.\(table)")
            }
            try db.execute(sql: "INSERT INTO statuses(\(columns), url) SELECT \(columns), url FROM current.statuses")
            try db.execute(
                sql: "UPDATE statuses SET url = 'https://odd.example/not-what-the-json-says' WHERE uri = ?",
                arguments: [odd])
        }
        let old = try DatabaseQueue(path: path.path)
        let rawBefore = try await old.read { db in
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT uri, raw_json FROM status_json").map {
                    ($0["uri"] as String, $0["raw_json"] as String)
                }, uniquingKeysWith: { first, _ in first })
        }
        try old.close()

        let upgraded = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        let rows = try await upgraded.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.uri, s.url, s.url_kept, j.raw_json, (SELECT COUNT(*) FROM posts) AS posts
                    FROM statuses s JOIN status_json j ON j.number = s.id
                    """
            ).map {
                (
                    uri: $0["uri"] as String, url: $0["url"] as String?, kept: $0["url_kept"] as String?,
                    raw: $0["raw_json"] as String, posts: $0["posts"] as Int
                )
            }
        }
        #expect(rows.count == rawBefore.count && rows.first?.posts ?? 0 > 0, "the posts view is there again")
        for row in rows {
            #expect(row.raw == rawBefore[row.uri], "\(row.uri): the status_json view's bytes")
            if row.uri == odd {
                #expect(row.url == "https://odd.example/not-what-the-json-says")
                #expect(row.kept == row.url)
            } else {
                if let url = decoded[row.uri] { #expect(row.url == url, "\(row.uri)") }
                #expect(row.kept == nil, "\(row.uri) keeps no second copy of its url")
            }
        }
        #expect(try await upgraded.integrityCheck() == "ok")
    }

    /// A redacted status keeps its url, as `Redaction` keeps it in the tombstone: kept apart from the
    /// redacted JSON, so that a tombstone written for JSON that could not be read still has it.
    @Test func aRedactedStatusKeepsItsURL() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let status = try #require(
            AccountsOnceTests.statuses().first { $0.status.url != nil && $0.status.reblog == nil })
        // Stored from its own server, whose word on its deletion counts.
        let host = try #require(URL(string: status.status.archiveURI)?.host)
        _ = try await db.store([status], server: host)
        let number = try #require(try await db.findStatus(status.status.archiveURI))
        try await db.setDeletionPolicy(.redact)
        try await db.markGone([number], reportedBy: host, at: Date(), via: .recheck)
        let row = try await db.read { db in
            try Row.fetchOne(db, sql: "SELECT url, redacted_at FROM statuses WHERE id = ?", arguments: [number])
                .map { (url: $0["url"] as String?, redacted: $0["redacted_at"] as String?) }
        }
        #expect(row?.redacted != nil, "the status was redacted")
        #expect(row?.url == status.status.url)
    }
}
