import ArchiveCore
import GRDB

extension ArchiveDatabase {
    public func archivedBoosts(by handle: String) async throws(ArchiveError) -> [ImportedReference] {
        try await read { db in
            try Row.fetchAll(db, sql: ExportStatements.boostsBy(SQLiteDialect()), arguments: [handle]).map { row in
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
