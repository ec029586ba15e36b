import ArchiveCore
import Foundation
import PostgresNIO

extension PostgresArchive {
    public func recheckCandidates(
        server: String, since: String, after: Int64,
        limit: Int
    ) async throws(ArchiveError) -> [RecheckCandidate] {
        try await decodingRows(
            """
            SELECT s.id, MIN(si.local_id) AS local_id FROM statuses s
            JOIN status_ids si ON si.status_id = s.id AND si.server = $1 AND si.gone_at IS NULL
            WHERE s.gone_at IS NULL AND s.created_at >= $2 AND s.id > $3
            GROUP BY s.id ORDER BY s.id LIMIT $4
            """, [.text(server), .text(since), .int(after), .int(Int64(max(limit, 0)))]
        ) {
            RecheckCandidate(number: try $0.int64("id"), localID: try $0.string("local_id"))
        }
    }
}
