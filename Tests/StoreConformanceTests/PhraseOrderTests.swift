import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import Models
import SearchQuery
import Testing

@testable import ArchivePostgres

/// Phrase search on PostgreSQL goes through the RUM index of schema/postgres/0007 and 0014, which returns
/// matches in time order, and nothing else does: every page, newest or oldest first, is the page SQLite finds, also when
/// several matches share the time of a page's last one.
@Suite struct PhraseOrderTests {
    /// 90 posts in runs of five that share one time. Every other one says "just so" (so a run holds two
    /// or three matches, and most page edges fall inside a run); the others have both words apart, or
    /// one of them.
    static func posts() throws -> [ArchivableStatus] {
        try (0..<90).map { number in
            let minute = number - number % 5
            let text =
                switch number % 4 {
                case 0, 2: "it was just so quiet \(number)"
                case 1: "just in time, and so on \(number)"
                default: "so it goes \(number)"
                }
            let json = """
                {"id":"\(number)","uri":"https://phrases.example/users/a/statuses/\(number)",
                 "created_at":"2026-03-01T\(String(format: "%02d:%02d", minute / 60, minute % 60)):00.000Z",
                 "content":"<p>\(text)</p>","spoiler_text":"","visibility":"public","sensitive":false,
                 "account":{"id":"a","username":"a","acct":"a@phrases.example","display_name":"A",
                            "url":"https://phrases.example/@a","note":""},
                 "media_attachments":[],"mentions":[],"tags":[],"emojis":[]}
                """
            return try ArchivableStatus(decoding: Data(json.utf8))
        }
    }

    /// The RUM index is a way in for the phrase search that asks for it, and for nothing else: a RUM
    /// index scan gathers and sorts every match before the first, which for a plain word is the slowest
    /// plan (schema/postgres/0014). Asked with the table scan and bitmaps switched off, the planner takes
    /// an index whenever one applies.
    static func expectRUMServesPhrasesAlone(_ postgres: PostgresArchive) async throws {
        let plans = try await postgres.transaction { connection in
            let logger = Logger(label: "phrases")
            try await connection.execute("SET LOCAL enable_seqscan = off", logger: logger)
            try await connection.execute("SET LOCAL enable_bitmapscan = off", logger: logger)
            func plan(_ sql: String) async throws -> String {
                try await connection.rows("EXPLAIN " + sql, logger: logger)
                    .map { try $0.text("QUERY PLAN") }.joined(separator: "\n")
            }
            let word = "s.reblog_uri IS NULL AND s.search_words @@ to_tsquery('icebox', 'quiet')"
            return (
                count: try await plan("SELECT COUNT(*) FROM (SELECT 1 FROM statuses s WHERE \(word) LIMIT 3) AS n"),
                phrase: try await plan(
                    "SELECT s.id FROM statuses s WHERE s.reblog_uri IS NULL"
                        + " AND s.search_words @@ to_tsquery('icebox', 'just <-> so')"
                        + " AND \(PostgresArchive.phraseIndexCondition)"
                        + " ORDER BY s.created_order <=| 99999999999999999::bigint LIMIT 5")
            )
        }
        #expect(!plans.count.contains("statuses_phrases_by_date"), "a word's count: \(plans.count)")
        #expect(plans.phrase.contains("statuses_phrases_by_date"), "a phrase's page: \(plans.phrase)")
    }

    @Test func phrasePagesInTimeOrderAreTheOnesSQLiteFinds() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        let postgres = try await PostgresArchive(location, logger: Logger(label: "phrases"))
        let folder = try TemporaryDirectory("icebox-phrases")
        let sqlite = try ArchiveDatabase(
            path: folder.url.appending(path: "archive.sqlite"), logger: Logger(label: "phrases"))
        let posts = try Self.posts()
        for store in [postgres, sqlite] as [any ArchiveStore] {
            let timeline = try await store.addTimeline(
                spec: "remote:phrases.example", accountID: nil,
                server: "https://phrases.example"
            ).id
            _ = try await store.store(posts, server: "phrases.example", timelineID: timeline, cursor: .init())
        }
        let available = try await postgres.rows("SELECT 1 FROM pg_available_extensions WHERE name = 'rum'")
        if !available.isEmpty || ProcessInfo.processInfo.environment["CI"] == "true" {
            #expect(
                postgres.phrasesByDate, "the RUM index is there when PostgreSQL has the rum extension (CI installs it)")
        }
        let query = try SearchQuery(parsing: #""just so""#)
        for sort in [SearchSort.newest, .oldest] {
            for (limit, offset) in [
                (1, 0), (2, 0), (3, 0), (4, 0), (5, 2), (7, 4), (2, 9), (4, 13), (40, 0), (5, 28), (5, 40),
            ] {
                let expected = try await sqlite.search(query, sort: sort, limit: limit, offset: offset).map(\.uri)
                let found = try await postgres.search(query, sort: sort, limit: limit, offset: offset).map(\.uri)
                #expect(found == expected, "\(sort) limit \(limit) offset \(offset)")
            }
        }
        #expect(try await sqlite.search(query, limit: 100).count == 45)
        if postgres.phrasesByDate { try await Self.expectRUMServesPhrasesAlone(postgres) }
        await postgres.close()
        try? await cluster.dropDatabase(location.database)
    }
}
