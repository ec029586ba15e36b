import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// The archived posts of a pinned timeline (boosts stand for the post they boost, once), newest
    /// first, created in `[since, until)` when given (Mastodon's date format, or a prefix of it). With
    /// `consent` honoured, the posts of accounts that opted out of search are left out (see `ConsentPolicy`).
    public func timelineNumbers(
        timelineID: Int64, since: String?, until: String?,
        consent: ConsentPolicy
    ) async throws(ArchiveError) -> [Int64] {
        try await read { db in
            let consentCondition = try Self.hidesOptedOut(consent, db) ? "AND " + ConsentPolicy.condition(on: "p") : ""
            return try Int64.fetchAll(
                db, sql: TimelineStatusStatements.posts(consentCondition), arguments: [timelineID, since, until])
        }
    }
}
