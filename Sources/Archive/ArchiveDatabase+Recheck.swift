import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Statuses not marked gone, created at `since` or later, that have an id on `server`, numbered
    /// above `after`, in number order (pass the last number back to read on).
    public func recheckCandidates(
        server: String, since: String, after: Int64,
        limit: Int
    ) async throws(ArchiveError) -> [RecheckCandidate] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT s.id, MIN(si.local_id) AS local_id FROM statuses s
                        JOIN status_ids si ON si.status_id = s.id AND si.server = ? AND si.gone_at IS NULL
                        WHERE s.gone_at IS NULL AND s.created_at >= ? AND s.id > ?
                        GROUP BY s.id ORDER BY s.id LIMIT ?
                        """), arguments: [server, since, after, max(limit, 0)]
            )
            .map { RecheckCandidate(number: $0["id"], localID: $0["local_id"]) }
        }
    }
}
