import Foundation

/// The tables an import holds its media files in until it knows which a post names (see
/// ``ImportSink/holdMedia(_:placedNew:)``), one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``). Temporary tables of the import's own connection: a failed import's
/// rollback takes them with it, and a store drops them when the import ends.
package enum ImportMediaStatements {
    /// The held files (`seq`: the order they were held in, from 1) and the URLs posts name, created with
    /// `prefix` (`CREATE TEMP TABLE`) and `suffix` (PostgreSQL's `ON COMMIT DROP`).
    package static func create(prefix: String, suffix: String) -> [String] {
        [
            """
            \(prefix) import_held_media (seq BIGINT PRIMARY KEY, url TEXT NOT NULL, sha256 TEXT NOT NULL,
                ext TEXT NOT NULL, size BIGINT NOT NULL, mime TEXT NOT NULL, placed_new INTEGER NOT NULL)\(suffix)
            """,
            "CREATE INDEX import_held_media_by_url ON import_held_media(url)",
            "CREATE INDEX import_held_media_by_file ON import_held_media(sha256)",
            "\(prefix) import_media_names (url TEXT PRIMARY KEY)\(suffix)",
        ]
    }

    /// Both tables gone (SQLite keeps a temporary table for the connection's life).
    package static let drop = ["DROP TABLE IF EXISTS import_held_media", "DROP TABLE IF EXISTS import_media_names"]

    /// The held files' table and columns: its place in the order held (from 1), URL, hash, extension,
    /// size, type, and whether the import placed it new (1 or 0).
    package static let heldTarget = "import_held_media(seq, url, sha256, ext, size, mime, placed_new)"

    /// The named URLs' table and column.
    package static let namesTarget = "import_media_names(url)"
    /// A URL named twice is named once.
    package static let nameConflict = "ON CONFLICT(url) DO NOTHING"

    /// The held files after position ?1, at most ?2, in order; `named` and `bytes_named` as 1 or 0.
    package static let held = """
        SELECT h.seq, h.url, h.sha256, h.ext, h.size, h.mime, h.placed_new,
            CASE WHEN EXISTS (SELECT 1 FROM import_media_names n WHERE n.url = h.url) THEN 1 ELSE 0 END AS named,
            CASE WHEN EXISTS (
                SELECT 1 FROM import_held_media same JOIN import_media_names n ON n.url = same.url
                WHERE same.sha256 = h.sha256) THEN 1 ELSE 0 END AS bytes_named
        FROM import_held_media h WHERE h.seq > ?1 ORDER BY h.seq LIMIT ?2
        """
}
