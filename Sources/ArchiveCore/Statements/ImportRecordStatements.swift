import Foundation

/// What an import records beside the statuses it stores, one text for both stores: where each status was
/// read (`status_sources`) and the posts a file only refers to (`status_references`). Each store writes
/// their rows in its own batches (``RowsInsert``), with these targets and conflict clauses.
package enum ImportRecordStatements {
    /// The table and columns of a status's source: its number, the format, the file, the entry, the
    /// source's own object and when it was imported.
    package static let sourceTarget = "status_sources(status_id, format, file, entry, raw_json, imported_at)"
    /// The same file read again: its newest reading of the status is kept.
    package static let sourceConflict = """
        ON CONFLICT(status_id, format, file) DO UPDATE SET entry = excluded.entry, raw_json = excluded.raw_json,
            imported_at = excluded.imported_at
        """
    /// The table and columns of a post a file refers to without holding it.
    package static let referenceTarget =
        "status_references(account_handle, kind, uri, activity_uri, published_at, visibility, file, recorded_at)"
    /// A reference already recorded stays as first recorded.
    package static let referenceConflict = "ON CONFLICT(account_handle, kind, uri) DO NOTHING"
}
