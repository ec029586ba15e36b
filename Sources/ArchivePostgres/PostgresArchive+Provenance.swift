import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    /// Where a status came from: the pinned timelines whose sync saw it, the servers it was read from
    /// outside any timeline, and the files it was imported from (in the SQLite store's order and words).
    public func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance] {
        let logger = self.logger
        return try await transaction { connection in try await Self.provenance(of: number, connection, logger) }
    }

    static func provenance(of number: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws
        -> [StatusProvenance]
    {
        var found: [StatusProvenance] = []
        var syncedFrom = Set<String>()
        let dialect = PostgresDialect()
        for row in try await connection.rows(
            dialect.statement(ProvenanceStatements.timelines(dialect)), [.int(number)], logger: logger)
        {
            let server = Self.host(try row.string("server"))
            syncedFrom.insert(server)
            found.append(StatusProvenance(kind: .sync, detail: "\(try row.string("spec")) on \(server)"))
        }
        for row in try await connection.rows(
            dialect.statement(ProvenanceStatements.fetchedFrom(dialect)), [.int(number)], logger: logger)
        {
            let server = try row.string("server")
            if !syncedFrom.contains(server) { found.append(StatusProvenance(kind: .fetch, detail: server)) }
        }
        for row in try await connection.rows(
            dialect.statement(ProvenanceStatements.files(dialect)), [.int(number)], logger: logger)
        {
            let entry = try row.string("entry")
            let detail = "\(try row.string("format")) \(try row.string("file"))" + (entry.isEmpty ? "" : " (\(entry))")
            found.append(StatusProvenance(kind: .import, detail: detail))
        }
        return found
    }

    /// `https://host:port` → `host:port`, as the SQLite store says it.
    private static func host(_ server: String) -> String {
        guard let components = URLComponents(string: server), let host = components.host else { return server }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
