import ArchiveCore
import Foundation
import PostgresNIO

/// Deletions kept as tombstones on PostgreSQL, with the SQLite store's rules (`DeletionPolicy`).
extension PostgresArchive {
    public func recordGone(
        _ numbers: [Int64], reportedBy server: String, at date: Date,
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome {
        let logger = self.logger
        return try await transaction { connection in
            let hosts = try await Self.accountHosts(connection, logger)
            let dialect = PostgresDialect()
            let posts = try await connection.rows(
                dialect.statement(LookupStatements.select("id, uri", whereAny: "id", dialect)),
                [.intArray(numbers)], logger: logger
            )
            .map { (number: try $0.int64("id"), key: try $0.string("uri")) }
            let (authoritative, copiesOnly) = DeletionAuthority.split(posts, reportedBy: server, accountHosts: hosts)
            let marked = try await connection.rows(
                dialect.statement(DeletionStatements.markGone(dialect.isAny("id", of: "?3"))) + " RETURNING id",
                [.text(Timestamp.string(date)), .text(source.rawValue), .intArray(authoritative)], logger: logger)
            let copies = try await connection.rows(
                dialect.statement(DeletionStatements.markCopiesGone(dialect.isAny("status_id", of: "?3")))
                    + " RETURNING status_id",
                [.text(Timestamp.string(date)), .text(source.rawValue), .intArray(copiesOnly), .text(server)],
                logger: logger)
            return DeletionAuthority.Outcome(
                marked: marked.count, copiesOnly: Set(try copies.map { try $0.int64("status_id") }).count)
        }
    }

    /// The `host[:port]` of every server one of the user's accounts is on (``DeletionAuthority``).
    static func accountHosts(_ connection: PostgresConnection, _ logger: Logger) async throws -> Set<String> {
        DeletionAuthority.accountHosts(
            try await connection.rows(DeletionStatements.accountServers, logger: logger)
                .map { try $0.string("server") })
    }

    /// As the SQLite store's: text, JSON content, index words and media links go; the tombstone stays.
    /// (PostgreSQL frees the old row versions at its next VACUUM.)
    @discardableResult
    public func redactGone() async throws(ArchiveError) -> Int {
        let logger = self.logger
        let now = Self.now()
        let dialect = PostgresDialect()
        return try await transaction { connection in
            let rows = try await connection.rows(DeletionStatements.toRedact(dialect) + " FOR UPDATE", logger: logger)
            var links = Set<String>()
            for row in rows {
                let id = try row.int64("id")
                for link in try await connection.rows(
                    dialect.statement(DeletionStatements.mediaLinks), [.int(id)],
                    logger: logger)
                {
                    for column in ["url", "remote_url", "preview_url"] {
                        if let url = try link.optionalString(column) { links.insert(url) }
                    }
                }
                let raw = Redaction.redacted(try row.bytes("raw_json"), uri: try row.string("uri"))
                try await connection.execute(
                    dialect.statement(
                        DeletionStatements.redact(
                            alsoClearing: "search_words = ''::tsvector, search_pieces = ''::tsvector, ")),
                    [.bytes(raw), .text(now), .int(id)], logger: logger)
                try await connection.execute(
                    dialect.statement(DeletionStatements.forgetUnreadable), [.int(id)],
                    logger: logger)
                for table in DeletionStatements.redactedTables {
                    try await connection.execute(
                        dialect.statement(DeletionStatements.forgetRows(in: table)), [.int(id)],
                        logger: logger)
                }
            }
            for url in links {
                try await connection.execute(
                    dialect.statement(DeletionStatements.forgetLink), [.text(url)], logger: logger)
            }
            return rows.count
        }
    }
}
