import ArchiveCore
import Foundation
import GRDB

extension ArchiveDatabase {
    public func stats() async throws(ArchiveError) -> ArchiveStats {
        let path = self.path
        let size = ["", "-wal"].reduce(Int64(0)) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path.path + suffix)
            return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
        }
        return try await read { db in
            guard let row = try Row.fetchOne(db, sql: StatsStatements.totals(databaseBytes: "0")) else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the archive returned no totals")
            }
            // The file's size, which SQL cannot see, in place of the statement's 0.
            var stats = try row.decoded(as: ArchiveStats.self)
            stats.databaseBytes = size
            return stats
        }
    }

    /// Earlier versions of a status, oldest first.
    public func versions(uri: String) async throws(ArchiveError) -> [Data] {
        try await read { db in
            try Data.fetchAll(
                db,
                sql: """
                    SELECT v.raw_json FROM status_versions v JOIN statuses s ON s.id = v.status_id
                    WHERE s.uri = ? ORDER BY v.id
                    """, arguments: [uri])
        }
    }

    /// Uris of statuses whose indexed text matches an FTS5 query (the search command builds on this).
    public func matchingURIs(fts query: String) async throws(ArchiveError) -> [String] {
        try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT s.uri FROM statuses_fts f JOIN statuses s ON s.sort_key = f.rowid
                    WHERE statuses_fts MATCH ? ORDER BY s.uri
                    """, arguments: [query])
        }
    }
}
