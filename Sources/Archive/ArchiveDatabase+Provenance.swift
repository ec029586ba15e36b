import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    /// Where a status came from: the pinned timelines whose sync saw it, the servers it was read from
    /// outside any timeline, and the files it was imported from.
    public func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance] {
        try await read { db in try Self.provenance(of: number, db) }
    }

    static func provenance(of number: Int64, _ db: Database) throws -> [StatusProvenance] {
        var found: [StatusProvenance] = []
        let timelines = try Row.fetchAll(
            db,
            sql: """
                SELECT t.spec, t.server FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                WHERE ts.status_id = ? ORDER BY ts.first_seen_at, t.id
                """, arguments: [number])
        var syncedFrom = Set<String>()
        for row in timelines {
            let server: String = row["server"]
            syncedFrom.insert(Self.host(server))
            found.append(StatusProvenance(kind: .sync, detail: "\(row["spec"] as String) on \(Self.host(server))"))
        }
        // A server id recorded by an import whose copy is still the one shown is the import's, not a fetch.
        let fetched = try String.fetchAll(
            db,
            sql: """
                SELECT DISTINCT i.server FROM status_ids i JOIN statuses s ON s.id = i.status_id
                WHERE i.status_id = ? AND NOT (s.raw_authority = 0 AND s.raw_server = i.server
                    AND EXISTS (SELECT 1 FROM status_sources WHERE status_id = s.id))
                ORDER BY i.server
                """, arguments: [number])
        for server in fetched where !syncedFrom.contains(server) {
            found.append(StatusProvenance(kind: .fetch, detail: server))
        }
        let imports = try Row.fetchAll(
            db,
            sql: """
                SELECT format, file, entry FROM status_sources WHERE status_id = ? ORDER BY imported_at, format, file
                """, arguments: [number])
        for row in imports {
            let entry: String = row["entry"]
            let detail = "\(row["format"] as String) \(row["file"] as String)" + (entry.isEmpty ? "" : " (\(entry))")
            found.append(StatusProvenance(kind: .import, detail: detail))
        }
        return found
    }

    /// The favourites, bookmarks and boosts imports named by uri (of one kind, or all), each marked
    /// resolved when the archive holds the status it names.
    public func references(kind: ImportedReference.Kind?) async throws(ArchiveError) -> [ImportedReference] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT r.*, EXISTS (SELECT 1 FROM statuses s WHERE s.uri = r.uri) AS resolved
                    FROM status_references r WHERE ?1 IS NULL OR r.kind = ?1 ORDER BY r.kind, r.uri, r.account_handle
                    """, arguments: [kind?.rawValue]
            ).compactMap { row in
                guard let kind = ImportedReference.Kind(rawValue: row["kind"]) else { return nil }
                var reference = ImportedReference(
                    accountHandle: row["account_handle"], kind: kind, uri: row["uri"],
                    activityURI: row["activity_uri"], publishedAt: row["published_at"],
                    visibility: row["visibility"])
                reference.resolved = row["resolved"]
                return reference
            }
        }
    }

    public func importedSource(of number: Int64, format: String) async throws(ArchiveError) -> Data? {
        try await read { db in
            try Data.fetchOne(
                db,
                sql: """
                    SELECT raw_json FROM status_sources WHERE status_id = ? AND format = ? ORDER BY imported_at DESC LIMIT 1
                    """, arguments: [number, format])
        }
    }

    /// `https://host:port` → `host:port` (timelines keep their server as a URL, status ids as a host).
    private static func host(_ server: String) -> String {
        guard let components = URLComponents(string: server), let host = components.host else { return server }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
