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
        ) { try $0.decoded(as: RecheckCandidate.self) }
    }
}
