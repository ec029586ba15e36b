import ArchiveCore
import Foundation
import GRDB
import SearchQuery
import Testing

@testable import Archive

/// The language and author filters of a search are answered by their indexes, in the order searches read
/// (schema/0036_filters_by_sort_key.sql): a page of a rare language, or of one author's days, is found
/// without reading every post in date order.
@Suite struct FilterIndexTests {
    /// The plan SQLite takes for a page of the posts the filters of `query` let through, newest first, as
    /// the search compiler writes their conditions.
    static func plan(_ query: String) async throws -> [String] {
        let archive = try TemporaryArchive()
        let filters = SearchFilters(try SearchQuery(parsing: query).filters, dialect: SQLiteDialect())
        let sql =
            "EXPLAIN QUERY PLAN SELECT s.id FROM statuses s WHERE s.reblog_uri IS NULL AND "
            + filters.conditions.joined(separator: " AND ") + " ORDER BY s.sort_key DESC LIMIT 20"
        let arguments = StatementArguments(filters.arguments.map(\.databaseValue))
        return try await archive.database.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row -> String in row["detail"] }
        }
    }

    @Test func aLanguageFilterReadsTheLanguageIndexThatComparesWithoutCase() async throws {
        let plan = try await Self.plan("language:JA")
        #expect(plan.contains { $0.contains("INDEX statuses_by_language (language=?)") }, "\(plan)")
    }

    @Test func anAuthorFilterWithADateReadsOnlyThoseDaysOfTheAuthor() async throws {
        let plan = try await Self.plan("from:@ursula@a.example after:2026-01-01")
        #expect(
            plan.contains { $0.contains("INDEX statuses_by_author_lower (<expr>=? AND sort_key>?)") }, "\(plan)")
    }
}
