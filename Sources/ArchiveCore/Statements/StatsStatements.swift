import Foundation

/// Counting rows, one parametrised statement for every count the stores and their readers take (a
/// table's rows, a listing's, the totals of `icebox stats`) rather than a literal per table.
package enum StatsStatements {
    /// How many rows `source` holds where `condition` holds (every row when nil), as column `n`.
    package static func count(_ source: String, where condition: String? = nil) -> String {
        "SELECT COUNT(*) AS n FROM \(source)" + (condition.map { " WHERE " + $0 } ?? "")
    }

    /// As `count`, but counting stops at `bound` rows (none: every row): `n` is the exact count when it is
    /// below `bound`, else `bound` (there are at least that many). Both stores read no more rows than that,
    /// which a page's total needs when an exact count would visit every match.
    package static func count(_ source: String, where condition: String?, atMost bound: Int?) -> String {
        guard let bound else { return count(source, where: condition) }
        return "SELECT COUNT(*) AS n FROM (SELECT 1 FROM \(source)" + (condition.map { " WHERE " + $0 } ?? "")
            + " LIMIT \(max(bound, 0))) AS bounded"
    }

    /// Every total of ``ArchiveStats`` as one row, a column each (named as ``ArchiveStats``'s JSON
    /// keys); `databaseBytes` is the store's own expression for its size on disk.
    package static func totals(databaseBytes: String) -> String {
        func scalar(_ statement: String) -> String { "(" + statement + ")" }
        let columns: [(name: String, value: String)] = [
            ("statuses", scalar(count("statuses"))),
            ("boosts", scalar(count("statuses", where: "reblog_uri IS NOT NULL"))),
            ("authors", scalar(count("authors"))),
            ("accounts", scalar(count("archiving_accounts", where: "removed_at IS NULL"))),
            ("timelines", scalar(count("timelines", where: "removed_at IS NULL"))),
            ("media_attachments", scalar(count("media_attachments"))),
            ("media_files", scalar(count("media_files"))),
            ("media_bytes", "(SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM media_files)"),
            ("media_missing", scalar(count("media_attachment_files", where: "sha256 IS NULL"))),
            ("edit_versions", scalar(count("status_versions")) + " + " + scalar(count("status_edits"))),
            ("unreadable", scalar(count("unreadable_statuses", where: "archived_at IS NULL"))),
            ("other_copies", scalar(count("status_copies"))),
            ("database_bytes", databaseBytes),
            ("oldest", "(SELECT MIN(created_at) FROM statuses)"),
            ("newest", "(SELECT MAX(created_at) FROM statuses)"),
        ]
        return "SELECT " + columns.map { $0.value + " AS " + $0.name }.joined(separator: ", ")
    }
}
