import Foundation

/// Redaction (`deletions: redact`), written once over the store's ``StoreExecutor``: what a gone post
/// said leaves the store, its tombstone stays.
extension ArchiveStore {
    /// Removes the text and media links of every gone status not yet redacted, and of the boosts of
    /// them, keeping tombstones, in one transaction that holds the rows it redacts (PostgreSQL's row
    /// locks: a page storing them again waits). The bytes go for good where the store keeps copies of
    /// them (see ``StatementExecutor/erase(_:)``). Returns how many rows were redacted.
    @discardableResult
    public func redactGone() async throws(ArchiveError) -> Int {
        let dialect = executor.dialect
        let redaction = Redacting(
            redact: DeletionStatements.redact(alsoClearing: dialect.redactionClears),
            now: .text(Timestamp.string(Date())))
        return try await executor.erase(
            .fetch(SQLStatement(DeletionStatements.toRedact(dialect) + dialect.rowLock), GoneStatus.init(row:)) {
                redaction.plan($0[...], links: [], redacted: $0.count)
            })
    }
}

/// A status to redact: a row of ``DeletionStatements/toRedact(_:)``.
private struct GoneStatus: Sendable {
    var id: Int64
    var uri: String
    var raw: Data

    @Sendable init(row: any ColumnReading) throws {
        (id, uri, raw) = (try row.integer("id"), try row.text("uri"), try row.bytes("raw_json"))
    }
}

/// The statements that redact statuses one after the other, gathering their media links, then forget
/// the links no other post has (the files follow with `icebox media gc`).
private struct Redacting: Sendable {
    /// ``DeletionStatements/redact(alsoClearing:)`` with the store's own columns.
    var redact: String
    var now: SQLArgument

    /// Redacts `statuses`, then forgets `links` and those of `statuses`; gives `redacted`.
    func plan(_ statuses: ArraySlice<GoneStatus>, links: Set<String>, redacted: Int) -> TransactionPlan<Int> {
        guard let status = statuses.first else {
            return .executing(
                links.sorted().flatMap {
                    [
                        SQLStatement(DeletionStatements.forgetLink, .text($0)),
                        SQLStatement(DeletionStatements.forgetOffer, .text($0)),
                    ]
                }, giving: redacted)
        }
        let id = SQLArgument.int(status.id)
        // The redacted JSON is kept whole; a status first kept unreadable holds its bytes there too.
        let statements =
            [
                SQLStatement(redact, .bytes(Redaction.redacted(status.raw, uri: status.uri)), now, id),
                SQLStatement(DeletionStatements.forgetUnreadable, id),
            ] + DeletionStatements.redactedTables.map { SQLStatement(DeletionStatements.forgetRows(in: $0), id) }
        return .fetch(SQLStatement(DeletionStatements.mediaLinks, id), Self.links(row:)) { found in
            .executing(
                statements,
                then: plan(statuses.dropFirst(), links: links.union(found.joined()), redacted: redacted))
        }
    }

    /// A status's media links in a row of ``DeletionStatements/mediaLinks`` (their URLs may name the post).
    @Sendable static func links(row: any ColumnReading) throws -> [String] {
        try ["url", "remote_url", "preview_url"].compactMap { try row.optionalText($0) }
    }
}
