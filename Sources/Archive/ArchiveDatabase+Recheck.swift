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
                db.cachedStatement(sql: DeletionStatements.recheckCandidates),
                arguments: [server, since, after, max(limit, 0)]
            )
            .map { try $0.decoded(as: RecheckCandidate.self) }
        }
    }
}
