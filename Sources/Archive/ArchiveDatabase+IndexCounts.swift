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
}
