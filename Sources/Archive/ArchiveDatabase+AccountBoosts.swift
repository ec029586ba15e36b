import ArchiveCore
import GRDB

extension ArchiveDatabase {
    public func archivedBoosts(by handle: String) async throws(ArchiveError) -> [ImportedReference] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT author_handle, reblog_uri, uri, visibility,
                        -- the date as the server (or the import) wrote it, not as the column keeps it for sorting
                        IFNULL(json_extract(CAST(raw_json AS TEXT), '$.created_at'), created_at) AS created_at FROM statuses
                    WHERE reblog_uri IS NOT NULL AND lower(author_handle) = lower(?) ORDER BY statuses.created_at, statuses.id
                    """, arguments: [handle]
            ).map { row in
                var boost = ImportedReference(
                    accountHandle: row["author_handle"], kind: .boost, uri: row["reblog_uri"],
                    activityURI: row["uri"], publishedAt: row["created_at"],
                    visibility: row["visibility"])
                boost.resolved = true
                return boost
            }
        }
    }
}
