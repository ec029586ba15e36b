import ArchiveCore

extension PostgresArchive {
    public func archivedBoosts(by handle: String) async throws(ArchiveError) -> [ImportedReference] {
        let rows = try await rows(
            """
            SELECT author_handle, reblog_uri, uri, visibility,
                -- the date as the server (or the import) wrote it, not as the column keeps it for sorting
                coalesce(convert_from(raw_json, 'UTF8')::jsonb ->> 'created_at', created_at) AS created_at FROM statuses
            WHERE reblog_uri IS NOT NULL AND lower(author_handle) = lower($1) ORDER BY statuses.created_at, statuses.id
            """, [.text(handle)])
        return try decoding {
            try rows.map { row in
                var boost = ImportedReference(
                    accountHandle: try row.string("author_handle"), kind: .boost,
                    uri: try row.string("reblog_uri"), activityURI: try row.string("uri"),
                    publishedAt: try row.string("created_at"),
                    visibility: try row.string("visibility"))
                boost.resolved = true
                return boost
            }
        }
    }
}
