import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import SearchQuery
import Testing

@testable import ArchivePostgres

/// A `language:` filter on PostgreSQL can be answered by its index (schema/postgres/0032_language_caseless.sql),
/// as on SQLite (`FilterIndexTests`): the condition SearchFilters writes compares lowercased languages.
@Suite struct LanguageIndexTests {
    @Test func aLanguageFilterCanReadTheLanguageIndex() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let postgres = try await PostgresArchive(try await cluster.createDatabase(), logger: Logger(label: "language"))
        let filters = SearchFilters(try SearchQuery(parsing: "language:JA").filters, dialect: PostgresDialect())
        #expect(filters.arguments == [.text("ja")], "the query gives the code lowercased")
        let condition = filters.conditions.joined(separator: " AND ").replacingOccurrences(of: "$1", with: "'ja'")
        let plan = try await postgres.transaction { connection in
            let logger = Logger(label: "language")
            // With the table scan and bitmaps switched off, the planner takes an index whenever one applies.
            try await connection.execute("SET LOCAL enable_seqscan = off", logger: logger)
            try await connection.execute("SET LOCAL enable_bitmapscan = off", logger: logger)
            return try await connection.rows(
                "EXPLAIN SELECT s.id FROM statuses s WHERE \(condition) ORDER BY s.created_at DESC LIMIT 20",
                logger: logger
            ).map { try $0.text("QUERY PLAN") }.joined(separator: "\n")
        }
        #expect(plan.contains("statuses_by_language"), "\(plan)")
    }
}
