import Foundation

/// The statements that find a status and read it whole, one text for both stores (arguments `?1`, `?2`…,
/// see ``SQLDialect/statement(_:)``).
package enum LookupStatements {
    /// Columns of the status whose `key` column (`id` or `uri`) equals ?1: the one text of every
    /// single-status read, whatever it reads.
    package static func select(_ columns: String, where key: String) -> String {
        "SELECT \(columns) FROM statuses WHERE \(key) = ?1"
    }

    /// Columns of the statuses whose `key` column is one of the list ?1 (see ``SQLDialect/isAny(_:of:)``).
    package static func select(_ columns: String, whereAny key: String, _ dialect: any SQLDialect) -> String {
        "SELECT \(columns) FROM statuses WHERE \(dialect.isAny(key, of: "?1"))"
    }

    /// Whether a number is a status's: ?1 the number.
    package static let exists = select("1", where: "id")
    /// A status's number by its uri: ?1 the uri.
    package static let idByURI = select("id", where: "uri")
    /// What storing a status again decides from (see `CopyAuthority.decide`, ``HeldCopy``): ?1 its uri.
    package static let held = select(heldColumns, where: "uri")
    /// The same for the statuses whose uri is one of the list ?1, with their `uri`.
    package static func held(anyOf dialect: any SQLDialect) -> String {
        select("uri, " + heldColumns, whereAny: "uri", dialect)
    }
    private static let heldColumns = "id, edited_at, raw_authority, content"
    /// Every archived status uri, ordered by its bytes.
    package static func allURIs(_ dialect: any SQLDialect) -> String {
        "SELECT uri FROM statuses ORDER BY " + dialect.bytewise("uri")
    }
    /// The status with this uri (through its index): ?1 the text.
    package static let byURI = "SELECT id FROM statuses WHERE uri = ?1"
    /// The first status with this url: ?1 the text. No index has urls (SQLite reads each from its raw JSON,
    /// schema/0041_url_from_json.sql): every row is read, so it is the last thing `findStatus` tries.
    package static let byURL = "SELECT id FROM statuses WHERE url = ?1 ORDER BY id LIMIT 1"
    /// A status by some server's id for it: ?1 the id.
    package static let byAnyServerID = "SELECT status_id FROM status_ids WHERE local_id = ?1 LIMIT 1"
    /// The post a boost boosts: ?1 the boost's number.
    package static let boosted = "SELECT p.id FROM statuses b JOIN statuses p ON p.uri = b.reblog_uri WHERE b.id = ?1"
    /// A status by one server's id for it: ?1 the server (any case), ?2 the id.
    package static func byServerID(_ dialect: any SQLDialect) -> String {
        "SELECT status_id FROM status_ids WHERE \(dialect.caseless("server", equals: "?1")) AND local_id = ?2"
    }

    /// The uris of the statuses server ?1 (any case) knows by any of the ids ?2 (see ``SQLDialect/isAny(_:of:)``),
    /// as `local_id` and `uri`: one question for a batch of a file's rows.
    package static func urisByServerIDs(_ dialect: any SQLDialect) -> String {
        """
        SELECT i.local_id, s.uri FROM status_ids i JOIN statuses s ON s.id = i.status_id
        WHERE \(dialect.caseless("i.server", equals: "?1")) AND \(dialect.isAny("i.local_id", of: "?2"))
        """
    }

    /// A status's row, its `raw_json` as sent (the column first, so it is the one read by name): ?1 its number.
    package static func row(_ dialect: any SQLDialect) -> String {
        select("\(dialect.rawJSON(of: "statuses")) AS raw_json, *", where: "id")
    }
    /// A status's raw JSON as sent, as `raw_json`: ?1 its uri.
    package static func rawJSON(byURI dialect: any SQLDialect) -> String {
        select("\(dialect.rawJSON(of: "statuses")) AS raw_json", where: "uri")
    }
    /// A status's id on a server: ?1 its number, ?2 the server.
    package static let localID = "SELECT local_id FROM status_ids WHERE status_id = ?1 AND server = ?2 LIMIT 1"
    /// The versions a status's later copies replaced, oldest first: ?1 its number.
    package static let versions = rows("raw_json, replaced_at", of: "status_versions", orderedBy: "id")
    /// Columns of a status's rows in a table of its own (versions, edits), in order: ?1 its number.
    package static func rows(_ columns: String, of table: String, orderedBy order: String) -> String {
        "SELECT \(columns) FROM \(table) WHERE status_id = ?1 ORDER BY \(order)"
    }
    /// Columns of the rows of a set of statuses in a table of their own, each led by its `status_id`, each
    /// status's in order: ?1 the numbers (see ``SQLDialect/isAny(_:of:)``).
    package static func rows(
        _ columns: String, of table: String, orderedBy order: String, ofAny dialect: any SQLDialect
    ) -> String {
        "SELECT status_id, \(columns) FROM \(table) WHERE \(dialect.isAny("status_id", of: "?1")) ORDER BY \(order)"
    }
    /// The timelines that carried a status, with their accounts' handles: ?1 its number.
    package static let timelines = timelines(where: "ts.status_id = ?1")
    /// The timelines that carried statuses, with their accounts' handles, by `status_id`: ?1 the
    /// statuses' numbers (see ``SQLDialect/isAny(_:of:)``).
    package static func timelines(ofAny dialect: any SQLDialect) -> String {
        timelines(where: dialect.isAny("ts.status_id", of: "?1"))
    }
    private static func timelines(where condition: String) -> String {
        """
        SELECT ts.status_id, t.spec, a.handle FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
        LEFT JOIN archiving_accounts a ON a.id = t.account_id WHERE \(condition) ORDER BY t.id
        """
    }
    /// The other servers a status's copies came from: ?1 its number.
    package static let otherCopies = "SELECT DISTINCT server FROM status_copies WHERE status_id = ?1 ORDER BY server"
}
