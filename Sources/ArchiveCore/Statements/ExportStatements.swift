import Foundation

/// The statements an export reads a status with, one text for both stores (arguments `?1`, `?2`…, see
/// ``SQLDialect/statement(_:)``).
package enum ExportStatements {
    /// A status as an export needs it, with its id on the server it was read from: ?1 its number.
    package static func status(_ dialect: any SQLDialect) -> String { status(dialect, where: "s.id = ?1") }
    /// The statuses of a set, each as ``status(_:)`` reads it and with its number as `status_id`: ?1 the
    /// numbers (see ``SQLDialect/isAny(_:of:)``).
    package static func statuses(ofAny dialect: any SQLDialect) -> String {
        status(dialect, where: dialect.isAny("s.id", of: "?1"))
    }
    private static func status(_ dialect: any SQLDialect, where condition: String) -> String {
        """
        SELECT s.id AS status_id, s.uri, \(dialect.rawJSON(of: "s")) AS raw_json, s.raw_server, s.created_at, s.edited_at, s.gone_at,
            s.gone_via, s.redacted_at, s.first_seen_at, s.updated_at,
            (SELECT si.local_id FROM status_ids si WHERE si.status_id = s.id AND si.server = s.raw_server
                ORDER BY si.from_file LIMIT 1) AS local_id
        FROM statuses s WHERE \(condition)
        """
    }
    /// The bytes of the versions later copies replaced, oldest first: ?1 the status's number.
    package static let earlierVersions = LookupStatements.rows("raw_json", of: "status_versions", orderedBy: "id")
    /// The bytes of the versions later copies of a set of statuses replaced, by `status_id`, each status's
    /// oldest first: ?1 the numbers.
    package static func earlierVersions(ofAny dialect: any SQLDialect) -> String {
        LookupStatements.rows("raw_json", of: "status_versions", orderedBy: "id", ofAny: dialect)
    }
    /// The edit histories of a set of statuses (see ``EditHistoryStatements/versions``), by `status_id`:
    /// ?1 the numbers.
    package static func editHistories(ofAny dialect: any SQLDialect) -> String {
        LookupStatements.rows(
            dialect.versionJSON(of: "status_edits") + " AS raw_json", of: "status_edits", orderedBy: "position",
            ofAny: dialect)
    }
    /// A status's attachments with their stored files and previews: ?1 its number.
    package static let attachments = attachments(where: "v.status_id = ?1")
    /// The attachments of a set of statuses, each row with its status's number as `status_id`, in each
    /// status's order: ?1 the numbers.
    package static func attachments(ofAny dialect: any SQLDialect) -> String {
        attachments(where: dialect.isAny("v.status_id", of: "?1"))
    }
    private static func attachments(where condition: String) -> String {
        """
        SELECT v.status_id, v.position, v.sha256, v.ext, v.mime, v.size,
               v.preview_sha256, pf.ext AS preview_ext, pf.mime AS preview_mime, pf.size AS preview_size
        FROM media_attachment_files v LEFT JOIN media_files pf ON pf.sha256 = v.preview_sha256
        WHERE \(condition) ORDER BY v.position
        """
    }
    /// The stored avatar of a status's author: ?1 its number.
    package static let avatar = avatar(where: "s.id = ?1")
    /// The stored avatars of the authors of a set of statuses, by `status_id`: ?1 the numbers.
    package static func avatars(ofAny dialect: any SQLDialect) -> String {
        avatar(where: dialect.isAny("s.id", of: "?1"))
    }
    private static func avatar(where condition: String) -> String {
        """
        SELECT s.id AS status_id, f.sha256, f.ext, f.mime, f.size FROM statuses s
        JOIN authors a ON a.handle = s.author_handle
        JOIN media_downloads d ON d.url = a.avatar AND d.state = 'stored'
        JOIN media_files f ON f.sha256 = d.sha256
        WHERE \(condition)
        """
    }
    /// The stored files of the custom emoji of a set of statuses (each status's own, or the post's it
    /// boosts when its JSON carries one), as `status_id`, `shortcode` and the file's columns: ?1 the
    /// numbers. The joins keep their order (see ``SQLDialect/orderedJoin``): each status's emoji are read
    /// once and looked up by URL, rather than every stored download read against each status's JSON.
    package static func emojiFiles(ofAny dialect: any SQLDialect) -> String {
        let emoji = dialect.emoji(of: "s")
        return """
            SELECT s.id AS status_id, \(emoji.shortcode) AS shortcode, f.sha256, f.ext, f.mime, f.size
            FROM statuses s \(emoji.join)
            \(dialect.orderedJoin) media_downloads d ON d.url = \(emoji.url)
            \(dialect.orderedJoin) media_files f ON f.sha256 = d.sha256
            WHERE \(dialect.isAny("s.id", of: "?1")) AND d.state = 'stored'
            """
    }
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
    package static let boosts = boosts(where: "p.id = ?1")
    /// The archived boosts of a set of posts, each row with its post's number as `status_id`, each post's
    /// oldest first: ?1 the numbers.
    package static func boosts(ofAny dialect: any SQLDialect) -> String {
        boosts(where: dialect.isAny("p.id", of: "?1"))
    }
    private static func boosts(where condition: String) -> String {
        """
        SELECT p.id AS status_id, b.author_handle, b.author_name, b.created_at
        FROM statuses p JOIN statuses b ON b.reblog_uri = p.uri
        WHERE \(condition) ORDER BY b.created_at, b.id
        """
    }
}
