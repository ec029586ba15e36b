import Foundation

/// Plain listings of what the archive holds (uris, raw JSON, an account's boosts, who opted out):
/// written once over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// Every archived status uri, sorted bytewise: what tests compare with what a server served.
    public func allStatusURIs() async throws(ArchiveError) -> [String] {
        try await executor.fetch(SQLStatement(LookupStatements.allURIs(executor.dialect))) { try $0.text("uri") }
    }

    /// The archive keys of the statuses seen in one timeline, sorted bytewise.
    public func statusURIs(timelineID: Int64) async throws(ArchiveError) -> [String] {
        try await executor.fetch(SQLStatement(TimelineStatusStatements.uris(executor.dialect), .int(timelineID))) {
            try $0.text("uri")
        }
    }

    /// The raw JSON of a status as archived, byte for byte as its server sent it.
    public func rawJSON(uri: String) async throws(ArchiveError) -> Data? {
        try await executor.fetchFirst(SQLStatement(LookupStatements.rawJSON(byURI: executor.dialect), .text(uri))) {
            try $0.bytes("raw_json")
        }
    }

    /// The boosts `handle` made that the archive holds, oldest first, as a boosts import names them.
    public func archivedBoosts(by handle: String) async throws(ArchiveError) -> [ImportedReference] {
        try await executor.fetch(SQLStatement(ExportStatements.boostsBy(executor.dialect), .text(handle))) { row in
            var boost = ImportedReference(
                accountHandle: try row.text("author_handle"), kind: .boost, uri: try row.text("reblog_uri"),
                activityURI: try row.text("uri"), publishedAt: try row.text("created_at"),
                visibility: try row.text("visibility"))
            boost.resolved = true
            return boost
        }
    }

    /// The handles of the authors who opted out of search and archiving, sorted bytewise.
    public func optedOutAuthors() async throws(ArchiveError) -> [String] {
        try await executor.fetch(SQLStatement(ConsentStatements.optedOut(executor.dialect))) { try $0.text("handle") }
    }
}
