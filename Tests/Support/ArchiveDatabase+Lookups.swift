import Archive
import ArchiveCore
import Foundation

/// Lookups of the SQLite archive that tests read to check what was stored (a status's earlier
/// versions, the word index's matches), beyond the seam: test-only, so not the driver's code.
extension ArchiveDatabase {
    /// Earlier versions of a status, oldest first.
    public func versions(uri: String) async throws(ArchiveError) -> [Data] {
        try await read(
            .fetch(
                SQLStatement(
                    """
                    SELECT v.raw_json FROM status_versions v JOIN statuses s ON s.id = v.status_id
                    WHERE s.uri = ?1 ORDER BY v.id
                    """, arguments: [.text(uri)]), { try $0.bytes("raw_json") }, then: { .done($0) }))
    }

    /// Uris of statuses whose indexed text matches an FTS5 query.
    public func matchingURIs(fts query: String) async throws(ArchiveError) -> [String] {
        try await read(
            .fetch(
                SQLStatement(
                    """
                    SELECT s.uri FROM statuses_fts f JOIN statuses s ON s.sort_key = f.rowid
                    WHERE statuses_fts MATCH ?1 ORDER BY s.uri
                    """, arguments: [.text(query)]), { try $0.text("uri") }, then: { .done($0) }))
    }
}
