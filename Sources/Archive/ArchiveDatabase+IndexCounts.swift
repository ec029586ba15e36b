import ArchiveCore
import Foundation
import GRDB

/// Counts a search takes from indexes alone, without reading a statuses row: a count of a common word or
/// tag would otherwise read as many rows as it finds.
extension ArchiveDatabase {
    /// The posts consent hides (see `ConsentPolicy.condition`) as a set of `column` (`id` or `sort_key`):
    /// the opted-out authors' posts (from the author index) but the user's own and marked ones (a small
    /// partial index), read without a statuses row.
    static func hiddenPosts(_ column: String) -> String {
        """
        SELECT \(column) FROM statuses WHERE author_handle IN (SELECT handle FROM authors WHERE opted_out = 1)
            AND author_handle NOT IN (SELECT handle FROM archiving_accounts)
        EXCEPT SELECT \(column) FROM statuses WHERE user_marks != 0
        """
    }

    /// How many posts carry `tag`, from the exact index of tags (boost wrappers are not in it), less the
    /// hidden ones when `hiding`.
    static func count(tagged tag: String, hiding: Bool, _ db: Database) throws -> Int {
        let all = try Int.fetchOne(db.cachedStatement(sql: TagStatements.count("?")), arguments: [tag]) ?? 0
        guard hiding else { return all }
        let hidden =
            try Int.fetchOne(
                db.cachedStatement(sql: TagStatements.count("?") + " AND status_id IN (\(hiddenPosts("id")))"),
                arguments: [tag]) ?? 0
        return all - hidden
    }
}
