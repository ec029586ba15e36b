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
        for row in try await connection.rows(
            """
            SELECT t.spec, t.server FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
            WHERE ts.status_id = $1 ORDER BY ts.first_seen_at COLLATE "C", t.id
            """, [.int(number)], logger: logger)
        {
            let server = Self.host(try row.string("server"))
            syncedFrom.insert(server)
            found.append(StatusProvenance(kind: .sync, detail: "\(try row.string("spec")) on \(server)"))
        }
        // A server id recorded by an import whose copy is still the one shown is the import's, not a fetch.
        for row in try await connection.rows(
            """
            SELECT i.server FROM status_ids i JOIN statuses s ON s.id = i.status_id
            WHERE i.status_id = $1 AND NOT (s.raw_authority = \(CopyAuthority.imported.rawValue) AND s.raw_server = i.server
                AND EXISTS (SELECT 1 FROM status_sources WHERE status_id = s.id))
            GROUP BY i.server ORDER BY i.server COLLATE "C"
            """, [.int(number)], logger: logger)
        {
            let server = try row.string("server")
            if !syncedFrom.contains(server) { found.append(StatusProvenance(kind: .fetch, detail: server)) }
        }
        for row in try await connection.rows(
            """
            SELECT format, file, entry FROM status_sources WHERE status_id = $1
            ORDER BY imported_at, format COLLATE "C", file COLLATE "C"
            """, [.int(number)], logger: logger)
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
