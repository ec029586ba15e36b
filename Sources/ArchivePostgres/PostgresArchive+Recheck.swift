import ArchiveCore
import Foundation
import PostgresNIO

extension PostgresArchive {
    public func recheckCandidates(
        server: String, since: String, after: Int64,
        limit: Int
    ) async throws(ArchiveError) -> [RecheckCandidate] {
        try await decodingRows(
            PostgresDialect().statement(DeletionStatements.recheckCandidates),
            [.text(server), .text(since), .int(after), .int(Int64(max(limit, 0)))]
        ) {
            RecheckCandidate(number: try $0.int64("id"), localID: try $0.string("local_id"))
        }
    }
}
