import Foundation

/// The statements that find a status and read it whole, one text for both stores (arguments `?1`, `?2`…,
/// see ``SQLDialect/statement(_:)``).
package enum LookupStatements {
    /// Whether a number is a status's: ?1 the number.
    package static let exists = "SELECT 1 FROM statuses WHERE id = ?1"
    /// The first status with this uri or url: ?1 the text.
    package static let byAddress = "SELECT id FROM statuses WHERE uri = ?1 OR url = ?1 ORDER BY id LIMIT 1"
    /// A status by some server's id for it: ?1 the id.
    package static let byAnyServerID = "SELECT status_id FROM status_ids WHERE local_id = ?1 LIMIT 1"
    /// The post a boost boosts: ?1 the boost's number.
    package static let boosted = "SELECT p.id FROM statuses b JOIN statuses p ON p.uri = b.reblog_uri WHERE b.id = ?1"
    /// A status by one server's id for it: ?1 the server (any case), ?2 the id.
    package static func byServerID(_ dialect: any SQLDialect) -> String {
        "SELECT status_id FROM status_ids WHERE \(dialect.caseless("server", equals: "?1")) AND local_id = ?2"
    }

    /// A status's row: ?1 its number.
    package static let row = "SELECT * FROM statuses WHERE id = ?1"
    /// A status's id on a server: ?1 its number, ?2 the server.
    package static let localID = "SELECT local_id FROM status_ids WHERE status_id = ?1 AND server = ?2 LIMIT 1"
    /// The versions a status's later copies replaced, oldest first: ?1 its number.
    package static let versions = "SELECT raw_json, replaced_at FROM status_versions WHERE status_id = ?1 ORDER BY id"
    /// The timelines that carried a status, with their accounts' handles: ?1 its number.
    package static let timelines = """
        SELECT t.spec, a.handle FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
        LEFT JOIN archiving_accounts a ON a.id = t.account_id WHERE ts.status_id = ?1 ORDER BY t.id
        """
    /// The other servers a status's copies came from: ?1 its number.
    package static let otherCopies = "SELECT DISTINCT server FROM status_copies WHERE status_id = ?1 ORDER BY server"
}
