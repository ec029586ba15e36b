import Archive
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    /// Where a status came from: the pinned timelines whose sync saw it and the servers it was read
    /// from outside any timeline (a PostgreSQL store holds no imports yet).
    public func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance] {
        let logger = self.logger
        return try await transaction { connection in try await Self.provenance(of: number, connection, logger) }
    }

    static func provenance(of number: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws
        -> [StatusProvenance] {
        var found: [StatusProvenance] = []
        var syncedFrom = Set<String>()
        for row in try await connection.rows("""
            SELECT t.spec, t.server FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
            WHERE ts.status_id = $1 ORDER BY ts.first_seen_at COLLATE "C", t.id
            """, [.int(number)], logger: logger) {
            let server = Self.host(try row.string("server"))
            syncedFrom.insert(server)
            found.append(StatusProvenance(kind: .sync, detail: "\(try row.string("spec")) on \(server)"))
        }
        for row in try await connection.rows("""
            SELECT server FROM status_ids WHERE status_id = $1 GROUP BY server ORDER BY server COLLATE "C"
            """, [.int(number)], logger: logger) {
            let server = try row.string("server")
            if !syncedFrom.contains(server) { found.append(StatusProvenance(kind: .fetch, detail: server)) }
        }
        return found
    }

    /// `https://host:port` → `host:port`, as the SQLite store says it.
    private static func host(_ server: String) -> String {
        guard let components = URLComponents(string: server), let host = components.host else { return server }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
