import ArchiveCore
import Foundation
import GRDB

/// Lookups of the SQLite archive that tests read to check what was stored (a status's earlier
/// versions, the word index's matches), beyond the seam.
extension ArchiveDatabase {
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
