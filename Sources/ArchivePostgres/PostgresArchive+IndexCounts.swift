import ArchiveCore
import Foundation

/// Counts a search takes from indexes rather than from every row it finds (as the SQLite store's).
extension PostgresArchive {
    /// The ids of the posts consent hides (see `consentCondition`): only opted-out authors' posts can be,
    /// so only theirs are read, through the author index.
    static var hiddenPosts: String {
        """
        SELECT s.id FROM statuses s WHERE s.author_handle IN (SELECT handle FROM authors WHERE opted_out)
            AND NOT \(consentCondition())
        """
    }

    /// How many posts carry `tag`, from the exact index of tags (boost wrappers are not in it), less the
    /// hidden ones when `hiding`.
    func count(tagged tag: String, hiding: Bool) async throws(ArchiveError) -> Int {
        let all = try await rows(TagStatements.count("$1"), [.text(tag)])
        var total = try decoding { try all.first?.int("n") ?? 0 }
        if hiding {
            let hidden = try await rows(
                TagStatements.count("$1") + " AND status_id IN (\(Self.hiddenPosts))", [.text(tag)])
            total -= try decoding { try hidden.first?.int("n") ?? 0 }
        }
        return total
    }
}
