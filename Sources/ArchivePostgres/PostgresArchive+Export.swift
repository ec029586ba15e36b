import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    /// The records of `numbers`, in their order (a number named twice comes twice), read in one transaction,
    /// as one snapshot: each kind of row in one statement for up to `recordsPerStatement` statuses at once
    /// (see ``exportRecords(ofAny:_:_:)``), so a page of twenty costs ten round trips, not two hundred.
    public func exportRecords(_ numbers: [Int64]) async throws(ArchiveError) -> [ExportRecord] {
        guard !numbers.isEmpty else { return [] }
        let logger = self.logger
        var distinct: [Int64] = []
        var seen = Set<Int64>()
        for number in numbers where seen.insert(number).inserted { distinct.append(number) }
        return try await transaction { connection in
            var read: [Int64: ExportRecord] = [:]
            for start in stride(from: 0, to: distinct.count, by: Self.recordsPerStatement) {
                let part = Array(distinct[start..<min(start + Self.recordsPerStatement, distinct.count)])
                read.merge(try await Self.exportRecords(ofAny: part, connection, logger)) { first, _ in first }
            }
            return try numbers.map { number in
                guard let record = read[number] else { throw ArchiveError.notFound("status \(number)") }
                return record
            }
        }
    }

    /// How many statuses one statement reads at most: an export's set is read in parts of this size.
    static let recordsPerStatement = 500

    public func boosts(of number: Int64) async throws(ArchiveError) -> [ArchivedBoost] {
        let logger = self.logger
        return try await transaction { connection in
            try await Self.boosts(ofAny: [number], connection, logger)[number] ?? []
        }
    }

    // MARK: Totals and soundness

    public func stats() async throws(ArchiveError) -> ArchiveStats {
        let rows = try await rows(
            StatsStatements.totals(databaseBytes: "pg_database_size(current_database())"))
        guard let row = rows.first else { throw .database("the store returned no totals") }
        return try decoding { try row.decoded(as: ArchiveStats.self) }
    }

    /// PostgreSQL keeps its own files sound; this checks what Icebox relies on: every status's word vector
    /// present for its text, and no reference pointing at a missing status.
    public func integrityCheck() async throws(ArchiveError) -> String {
        let problems = try await integrityProblems()
        return problems.isEmpty ? "ok" : problems.joined(separator: "; ")
    }

    /// What `integrityCheck` finds, one entry per kind of damage.
    func integrityProblems() async throws(ArchiveError) -> [String] {
        let rows = try await rows(
            """
            SELECT
                (SELECT COUNT(*) FROM statuses WHERE reblog_uri IS NULL AND text <> '' AND search_words = ''::tsvector) AS unindexed,
                (SELECT COUNT(*) FROM status_ids si WHERE NOT EXISTS (SELECT 1 FROM statuses s WHERE s.id = si.status_id)) AS orphans
            """)
        guard let row = rows.first else { return ["the store returned nothing"] }
        let (unindexed, orphans) = try decoding { (try row.int("unindexed"), try row.int("orphans")) }
        var problems: [String] = []
        if unindexed > 0 {
            problems.append(
                unindexed == 1
                    ? "1 status has text but no search words"
                    : "\(unindexed) statuses have text but no search words")
        }
        if orphans > 0 {
            problems.append(
                orphans == 1 ? "1 server id points at no status" : "\(orphans) server ids point at no status")
        }
        return problems
    }
}
