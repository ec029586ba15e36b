import Foundation

/// Finding a status by what a person types, and what a front end completes: written once over the
/// store's ``StoreExecutor``.
extension ArchiveStore {
    /// Finds a status by what a person may type or paste: the archive's number, a uri, a url, or a
    /// server's own id (any server). Boosts resolve to the post they boost. Each form is a read of its
    /// own (statuses are never renumbered, so no snapshot is needed across them), those an index answers
    /// first: a url, read from every row, is tried last.
    public func findStatus(_ reference: String) async throws(ArchiveError) -> Int64? {
        let text = reference.trimmingCharacters(in: .whitespaces)
        var number: Int64?
        if let row = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text),
            try await executor.fetchFirst(SQLStatement(LookupStatements.exists, .int(row)), { _ in true }) != nil
        {
            number = row
        }
        let lookups = [
            (LookupStatements.byURI, "id"), (LookupStatements.byAnyServerID, "status_id"),
            (LookupStatements.byURL, "id"),
        ]
        for (sql, column) in lookups where number == nil {
            number = try await executor.fetchFirst(SQLStatement(sql, .text(text))) { try $0.integer(column) }
        }
        guard let found = number else { return nil }
        // A boost shows the post it boosts.
        return try await executor.fetchFirst(SQLStatement(LookupStatements.boosted, .int(found))) {
            try $0.integer("id")
        } ?? found
    }

    /// Finds a status on a given server by that server's id (what a status URL carries).
    public func findStatus(server host: String, localID: String) async throws(ArchiveError) -> Int64? {
        try await executor.fetchFirst(
            SQLStatement(LookupStatements.byServerID(executor.dialect), .text(host), .text(localID))
        ) { try $0.integer("status_id") }
    }

    /// Every archived author's `user@host`, sorted without case: what a front end completes `@` to.
    public func authorHandles() async throws(ArchiveError) -> [String] {
        try await executor.fetch(SQLStatement(CompletionStatements.authorHandles(executor.dialect))) {
            try $0.text("handle")
        }
    }

    /// Every hashtag on an archived post, lower-case, sorted: what a front end completes `#` to.
    public func tagNames() async throws(ArchiveError) -> [String] {
        let lists = try await executor.fetch(SQLStatement(CompletionStatements.tagLists)) { try $0.text("tag_names") }
        return Set(lists.flatMap { $0.split(separator: " ").map(String.init) }).sorted()
    }

    /// The uris of the author's replies whose parent the archive does not hold.
    public func missingParents(of author: String) async throws(ArchiveError) -> [String] {
        try await executor.fetch(SQLStatement(ThreadStatements.missingParents, .text(author))) { try $0.text("uri") }
    }

    /// Every server's id of one status.
    public func serverIDs(of number: Int64) async throws(ArchiveError) -> [ServerStatusID] {
        try await executor.fetch(SQLStatement(ThreadStatements.serverIDs(executor.dialect), .int(number))) {
            try $0.decoded(as: ServerStatusID.self)
        }
    }
}
