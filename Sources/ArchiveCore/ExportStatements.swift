import Foundation

/// The statements an export reads a status with, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum ExportStatements {
    /// A status as an export needs it, with its id on the server it was read from: ?1 its number.
    package static func status(_ dialect: any SQLDialect) -> String {
        """
        SELECT s.uri, \(dialect.rawJSON(of: "s")) AS raw_json, s.raw_server, s.created_at, s.edited_at, s.gone_at,
            s.gone_via, s.redacted_at, s.first_seen_at, s.updated_at,
            (SELECT si.local_id FROM status_ids si WHERE si.status_id = s.id AND si.server = s.raw_server LIMIT 1) AS local_id
        FROM statuses s WHERE s.id = ?1
        """
    }
    /// The bytes of the versions later copies replaced, oldest first: ?1 the status's number.
    package static let earlierVersions = LookupStatements.rows("raw_json", of: "status_versions", orderedBy: "id")
    /// A status's attachments with their stored files and previews: ?1 its number.
    package static let attachments = """
        SELECT v.position, v.sha256, v.ext, v.mime, v.size,
               v.preview_sha256, pf.ext AS preview_ext, pf.mime AS preview_mime, pf.size AS preview_size
        FROM media_attachment_files v LEFT JOIN media_files pf ON pf.sha256 = v.preview_sha256
        WHERE v.status_id = ?1 ORDER BY v.position
        """
    /// The stored avatar of a status's author: ?1 its number.
    package static let avatar = """
        SELECT f.sha256, f.ext, f.mime, f.size FROM statuses s
        JOIN authors a ON a.handle = s.author_handle
        JOIN media_downloads d ON d.url = a.avatar AND d.state = 'stored'
        JOIN media_files f ON f.sha256 = d.sha256
        WHERE s.id = ?1
        """
    /// The boosts an author made, as the archive holds them, oldest first: ?1 the author's handle (any case).
    package static func boostsBy(_ dialect: any SQLDialect) -> String {
        """
        SELECT author_handle, reblog_uri, uri, visibility,
            -- the date as the server (or the import) wrote it, not as the column keeps it for sorting
            COALESCE(\(dialect.jsonText("created_at", in: dialect.rawJSON(of: "statuses"))), created_at) AS created_at
        FROM statuses
        WHERE reblog_uri IS NOT NULL AND lower(author_handle) = lower(?1) ORDER BY statuses.created_at, statuses.id
        """
    }
    /// The archived boosts of a post, oldest first: ?1 the post's number.
    package static let boosts = """
        SELECT b.author_handle, b.author_name, b.created_at FROM statuses p JOIN statuses b ON b.reblog_uri = p.uri
        WHERE p.id = ?1 ORDER BY b.created_at, b.id
        """
}
