/// The uris an import has written so far, kept in its transaction (a temporary table, like the held media
/// of ``ImportMediaStatements``), not in memory: a post the import itself wrote is the file's own word,
/// so a later statement of it in the same file is weighed as an edit (``ImportClaims/Held/writtenByThisImport``)
/// rather than set aside as another file's.
package enum ImportWrittenStatements {
    /// The table, created with `prefix` (`CREATE TEMP TABLE`) and `suffix` (PostgreSQL's `ON COMMIT DROP`).
    package static func create(prefix: String, suffix: String) -> String {
        "\(prefix) import_written (uri TEXT PRIMARY KEY)\(suffix)"
    }

    /// The table gone (SQLite keeps a temporary table for the connection's life).
    package static let drop = "DROP TABLE IF EXISTS import_written"

    /// The written uris' table and column.
    package static let target = "import_written(uri)"
    /// A uri written twice is written once.
    package static let markConflict = "ON CONFLICT(uri) DO NOTHING"

}
