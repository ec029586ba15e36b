import ArchiveCore
import Foundation

/// Counts a search takes from indexes rather than from every row it finds (as the SQLite store's).
extension PostgresArchive {
    /// How many of the posts that carry the tag ?1 consent hides (see `consentCondition`), as `n`: only
    /// opted-out authors' posts can be, found with the tag from two indexes (the author's post numbers,
    /// the tags), so that only those rows are read and tested.
    static var hiddenTagged: String {
        """
        SELECT COUNT(*) AS n FROM statuses s WHERE s.id IN (
            SELECT o.id FROM statuses o JOIN status_tags st ON st.status_id = o.id AND st.tag = ?1
            WHERE o.author_handle IN (SELECT handle FROM authors WHERE opted_out))
          AND NOT \(consentCondition())
        """
    }

    /// How many posts carry `tag`, from the exact index of tags (boost wrappers are not in it), less the
    /// hidden ones when `hiding`.
    func count(tagged tag: String, hiding: Bool) async throws(ArchiveError) -> Int {
        let all = try await rows(TagStatements.count("$1"), [.text(tag)])
        var total = try decoding { try all.first?.int("n") ?? 0 }
        if hiding {
            let hidden = try await rows(PostgresDialect().statement(Self.hiddenTagged), [.text(tag)])
            total -= try decoding { try hidden.first?.int("n") ?? 0 }
        }
        return total
    }
}
