import Foundation

/// The statements that say where a status came from and what imports named, one text for both stores
/// (arguments `?1`, `?2`…, see ``SQLDialect/statement(_:)``); texts ordered by their bytes, as SQLite
/// orders them.
package enum ProvenanceStatements {
    /// The pinned timelines whose sync saw a status, first seen first: ?1 its number.
    package static func timelines(_ dialect: any SQLDialect) -> String {
        timelines(dialect, where: "ts.status_id = ?1")
    }
    /// ``timelines(_:)`` for a set of statuses, by `status_id`: ?1 the numbers (see ``SQLDialect/isAny(_:of:)``).
    package static func timelines(ofAny dialect: any SQLDialect) -> String {
        timelines(dialect, where: dialect.isAny("ts.status_id", of: "?1"))
    }
    private static func timelines(_ dialect: any SQLDialect, where condition: String) -> String {
        """
        SELECT ts.status_id, t.spec, t.server FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
        WHERE \(condition) ORDER BY \(dialect.bytewise("ts.first_seen_at")), t.id
        """
    }
    /// The servers a status was read from outside an import: a server id recorded by an import whose copy
    /// is still the one shown is the import's, not a fetch. ?1 its number.
    package static func fetchedFrom(_ dialect: any SQLDialect) -> String {
        fetchedFrom(dialect, where: "i.status_id = ?1")
    }
    /// ``fetchedFrom(_:)`` for a set of statuses, by `status_id`: ?1 the numbers.
    package static func fetchedFrom(ofAny dialect: any SQLDialect) -> String {
        fetchedFrom(dialect, where: dialect.isAny("i.status_id", of: "?1"))
    }
    /// A server id an import recorded stays the import's once a server's copy displaced the file's: the
    /// file's copy is then among the kept copies under that server, and no server sent one from there.
    private static func fetchedFrom(_ dialect: any SQLDialect, where condition: String) -> String {
        let imported = CopyAuthority.imported.rawValue
        return """
            SELECT i.server, i.status_id FROM status_ids i JOIN statuses s ON s.id = i.status_id
            WHERE \(condition) AND NOT (s.raw_authority = \(imported) AND s.raw_server = i.server
                AND EXISTS (SELECT 1 FROM status_sources WHERE status_id = s.id))
            AND NOT (EXISTS (SELECT 1 FROM status_copies c WHERE c.status_id = s.id AND c.server = i.server
                    AND c.authority = \(imported))
                AND NOT EXISTS (SELECT 1 FROM status_copies c WHERE c.status_id = s.id AND c.server = i.server
                    AND c.authority <> \(imported))
                AND NOT (s.raw_server = i.server AND s.raw_authority <> \(imported)))
            GROUP BY i.status_id, i.server ORDER BY \(dialect.bytewise("i.server"))
            """
    }
    /// The files a status was imported from: ?1 its number.
    package static func files(_ dialect: any SQLDialect) -> String { files(dialect, where: "status_id = ?1") }
    /// ``files(_:)`` for a set of statuses, by `status_id`: ?1 the numbers.
    package static func files(ofAny dialect: any SQLDialect) -> String {
        files(dialect, where: dialect.isAny("status_id", of: "?1"))
    }
    private static func files(_ dialect: any SQLDialect, where condition: String) -> String {
        """
        SELECT status_id, format, file, entry FROM status_sources WHERE \(condition)
        ORDER BY imported_at, \(dialect.bytewise("format")), \(dialect.bytewise("file"))
        """
    }
    /// The references imports named by uri, each with whether the archive holds its status: ?1 the kind,
    /// or NULL for all.
    package static func references(_ dialect: any SQLDialect) -> String {
        """
        SELECT r.*, EXISTS (SELECT 1 FROM statuses s WHERE s.uri = r.uri) AS resolved
        FROM status_references r WHERE CAST(?1 AS TEXT) IS NULL OR r.kind = ?1
        ORDER BY \(dialect.bytewise("r.kind")), \(dialect.bytewise("r.uri")), \(dialect.bytewise("r.account_handle"))
        """
    }
    /// The source object a status was last imported with from a file of a format, while a file's copy is
    /// the one shown: once a server sent the post, a file that was only recorded as a source of it
    /// (``ImportClaims/Verdict/sourceOnly``) speaks for nothing, and an export writes the server's copy.
    /// ?1 its number, ?2 the format.
    package static let source = """
        SELECT ss.raw_json FROM status_sources ss JOIN statuses s ON s.id = ss.status_id
        WHERE ss.status_id = ?1 AND ss.format = ?2 AND s.raw_authority = \(CopyAuthority.imported.rawValue)
        ORDER BY ss.imported_at DESC LIMIT 1
        """
}
