import ArchiveCore
import Foundation
import PostgresNIO

/// Consent to be searched on PostgreSQL: the same policy as the SQLite store's (`ConsentPolicy`), the
/// same exceptions, in PostgreSQL's words.
extension PostgresArchive {
    /// The condition on the statuses row `s` that leaves out opted-out authors' posts, except the user's
    /// own and those they bookmarked, favourited, boosted or were mentioned in, or an import named (as
    /// `ConsentPolicy.condition`).
    /// Each exception is a probe for the row at hand (through `timeline_statuses_by_status` for the lists):
    /// a set of the lists' statuses was built by reading all of `timeline_statuses`, 0.6 s at 1M.
    static func consentCondition(on s: String = "s") -> String {
        let json = "icebox_json(\(s).raw_json)"
        return """
            (\(s).author_handle NOT IN (SELECT handle FROM authors WHERE opted_out)
             OR \(s).author_handle IN (SELECT handle FROM archiving_accounts)
             OR EXISTS (SELECT 1 FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                        WHERE ts.status_id = \(s).id AND t.spec IN ('bookmarks', 'favourites', 'mentions', 'own'))
             OR EXISTS (SELECT 1 FROM statuses b WHERE b.reblog_uri = \(s).uri
                        AND b.author_handle IN (SELECT handle FROM archiving_accounts))
             OR EXISTS (SELECT 1 FROM status_references r WHERE r.uri = \(s).uri AND r.kind <> 'claimed')
             OR ((position('ed":true'::bytea IN \(s).raw_json) > 0 OR position('ed": true'::bytea IN \(s).raw_json) > 0
                  OR position('ed" : true'::bytea IN \(s).raw_json) > 0)
                 AND (\(json)->>'bookmarked' = 'true' OR \(json)->>'favourited' = 'true' OR \(json)->>'reblogged' = 'true'))
             OR EXISTS (SELECT 1 FROM archiving_accounts a
                        WHERE position(convert_to(a.username, 'UTF8') IN \(s).raw_json) > 0
                        AND EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(\(json)->'mentions') = 'array'
                                        THEN \(json)->'mentions' ELSE '[]'::jsonb END) m
                                    WHERE a.url = m->>'url' OR a.handle = m->>'acct'
                                       OR a.handle = (m->>'acct') || '@' || \(s).raw_server)))
            """
    }

    /// Whether `policy` leaves anything out in this store: only when honoured and someone opted out.
    func hidesOptedOut(_ policy: ConsentPolicy) async throws(ArchiveError) -> Bool {
        guard policy == .honoured else { return false }
        return try await decodingRows(ConsentStatements.anyOptedOut(PostgresDialect())) {
            try $0.boolean("hides")
        }.first ?? false
    }
}
