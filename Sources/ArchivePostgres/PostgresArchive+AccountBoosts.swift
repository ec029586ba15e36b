import ArchiveCore

extension PostgresArchive {
    public func archivedBoosts(by handle: String) async throws(ArchiveError) -> [ImportedReference] {
        let dialect = PostgresDialect()
        let rows = try await rows(dialect.statement(ExportStatements.boostsBy(dialect)), [.text(handle)])
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
