import Foundation

/// The reads of the Mastodon client API that `icebox serve` answers (issue 45), written once over the
/// store's ``StoreExecutor``: pages of a scope in date order, and what a page's statuses point at.
extension ArchiveStore {
    /// The statuses of `scope` within `bounds`, in the order the bounds ask.
    public func apiPage(_ scope: APIScope, _ bounds: APIPageBounds) async throws(ArchiveError) -> [APIStatusRow] {
        var commonTag = false
        if case .tag(let name) = scope {
            commonTag =
                try await executor.fetchFirst(SQLStatement(APIStatements.isCommonTag, .text(name))) {
                    try $0.boolean("common")
                } ?? false
        }
        return try await executor.fetch(
            APIStatements.page(scope, bounds, executor.dialect, commonTag: commonTag), Self.apiRow)
    }

    /// The pinned timelines' ids, specs and accounts' handles, in the order they were added: the API's
    /// own timelines found without the count of statuses ``timelines()`` reads for each.
    public func apiTimelines() async throws(ArchiveError) -> [(id: Int64, spec: String, accountHandle: String?)] {
        try await executor.fetch(SQLStatement(APIStatements.timelines)) { row in
            (
                id: try row.integer("id"), spec: try row.text("spec"),
                accountHandle: try row.optionalText("account_handle")
            )
        }
    }

    /// The statuses numbered `numbers`, in no order.
    public func apiRows(numbers: [Int64]) async throws(ArchiveError) -> [APIStatusRow] {
        guard !numbers.isEmpty else { return [] }
        return try await executor.fetch(
            SQLStatement(APIStatements.rows(whereAny: "id", executor.dialect), .ints(numbers)), Self.apiRow)
    }

    /// The statuses whose uris are `uris`, in no order.
    public func apiRows(uris: [String]) async throws(ArchiveError) -> [APIStatusRow] {
        guard !uris.isEmpty else { return [] }
        return try await executor.fetch(
            SQLStatement(APIStatements.rows(whereAny: "uri", executor.dialect), .texts(uris)), Self.apiRow)
    }

    /// The statuses servers know by the ids `ids`: for each, the server and its id there, and the
    /// status's key and author (a reply's `in_reply_to_id` is found by its own server's id).
    public func apiStatuses(serverIDs ids: [String]) async throws(ArchiveError) -> [(
        server: String, id: String, key: APIStatusKey, author: String
    )] {
        guard !ids.isEmpty else { return [] }
        return try await executor.fetch(SQLStatement(APIStatements.byServerIDs(executor.dialect), .texts(ids))) { row in
            (
                server: try row.text("server"), id: try row.text("local_id"),
                key: APIStatusKey(createdAt: try row.text("created_at"), number: try row.integer("number")),
                author: try row.text("author_handle")
            )
        }
    }

    /// The hash of the file kept for each of `urls` that the media archive holds.
    public func storedMedia(urls: [String]) async throws(ArchiveError) -> [String: String] {
        try await storedMediaFiles(urls: urls).files
    }

    /// The hash of the file kept for each of `urls` that the media archive holds, and which of them are a
    /// copy (a file's or another Icebox's, `from_file` > 0) rather than their server's own.
    public func storedMediaFiles(urls: [String]) async throws(ArchiveError) -> (
        files: [String: String], copies: Set<String>
    ) {
        guard !urls.isEmpty else { return ([:], []) }
        let rows = try await executor.fetch(SQLStatement(APIStatements.storedMedia(executor.dialect), .texts(urls))) {
            row in (url: try row.text("url"), sha256: try row.text("sha256"), copy: try row.integer("from_file") > 0)
        }
        return (
            Dictionary(rows.map { ($0.url, $0.sha256) }, uniquingKeysWith: { first, _ in first }),
            Set(rows.filter(\.copy).map(\.url))
        )
    }

    @Sendable private static func apiRow(_ row: any ColumnReading) throws -> APIStatusRow {
        APIStatusRow(
            number: try row.integer("number"), createdAt: try row.text("created_at"), uri: try row.text("uri"),
            rawServer: try row.text("raw_server"), reblogURI: try row.optionalText("reblog_uri"),
            authorHandle: try row.text("author_handle"), raw: try row.bytes("raw_json"),
            goneAt: try row.optionalText("gone_at"), parentID: try row.optionalText("parent_id"))
    }
}

extension ArchiveStore {
    /// The account object of `handle` (any case) as last archived, byte for byte as its server sent it.
    public func authorJSON(handle: String) async throws(ArchiveError) -> Data? {
        try await executor.fetchFirst(
            SQLStatement(
                "SELECT raw_json FROM authors WHERE \(executor.dialect.caseless("handle", equals: "?1"))",
                .text(handle))
        ) { try $0.bytes("raw_json") }
    }

    /// Archived authors whose handle or name contains `text` (without case), by handle.
    public func apiAuthors(containing text: String, limit: Int, offset: Int) async throws(ArchiveError) -> [String] {
        try await executor.fetch(
            SQLStatement(
                APIStatements.authors(executor.dialect), .text(text.lowercased()), .int(Int64(limit)),
                .int(Int64(offset)))
        ) { try $0.text("handle") }
    }

    /// Hashtags of archived posts that begin with `prefix` (a normalized name), by name.
    public func apiTags(prefix: String, limit: Int, offset: Int) async throws(ArchiveError) -> [String] {
        try await executor.fetch(
            SQLStatement(
                APIStatements.tags(executor.dialect), .text(prefix), .text(prefix + "\u{10FFFF}"), .int(Int64(limit)),
                .int(Int64(offset)))
        ) { try $0.text("tag") }
    }
}
