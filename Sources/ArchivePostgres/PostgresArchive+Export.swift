import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    // MARK: Totals and soundness

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
        let (unindexed, orphans) = try decoding { (Int(try row.integer("unindexed")), Int(try row.integer("orphans"))) }
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
