import Foundation

/// The deletion flow, written once for both stores: the store records what is gone
/// (``ArchiveStore/recordGone(_:reportedBy:at:via:)``), then the deletion policy decides whether
/// anything is removed.
extension ArchiveStore {
    /// Records that `server` (`host[:port]`) says statuses are gone (404/410, a `delete` event, an id
    /// left out of a recheck), with the time and how it was learned, in one transaction (see
    /// ``recordGone(_:reportedBy:at:via:)`` for whose word counts). Nothing is removed unless the
    /// deletion policy is `redact`: then what was marked is redacted at once, tombstones staying.
    @discardableResult
    public func markGone(
        _ numbers: [Int64], reportedBy server: String, at date: Date,
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome {
        guard !numbers.isEmpty else { return DeletionAuthority.Outcome() }
        let outcome = try await recordGone(numbers, reportedBy: server, at: date, via: source)
        if outcome.marked > 0 { try await applyDeletionPolicy() }
        return outcome
    }

    /// Records that `server` (`host[:port]`) says statuses are gone, in one transaction, leaving the
    /// deletion policy to the caller (``markGone(_:reportedBy:at:via:)``). A status is marked gone only
    /// when `server` speaks for it (``DeletionAuthority``: its origin, or a server of one of the user's
    /// accounts); for the others only `server`'s own copy is marked. A status already marked keeps its
    /// first record.
    public func recordGone(
        _ numbers: [Int64], reportedBy server: String, at date: Date,
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome {
        let dialect = executor.dialect
        let (when, how) = (SQLArgument.text(Timestamp.string(date)), SQLArgument.text(source.rawValue))
        let mark: @Sendable ([Int64], [Int64]) -> TransactionPlan<DeletionAuthority.Outcome> = {
            authoritative, copiesOnly in
            .fetch(
                SQLStatement(
                    DeletionStatements.markGone(dialect.isAny("id", of: "?3")) + " RETURNING id", when, how,
                    .ints(authoritative)), { try $0.integer("id") }
            ) { marked in
                .fetch(
                    SQLStatement(
                        DeletionStatements.markCopiesGone(dialect.isAny("status_id", of: "?3"))
                            + " RETURNING status_id",
                        when, how, .ints(copiesOnly), .text(server)), { try $0.integer("status_id") }
                ) { copies in .done(DeletionAuthority.Outcome(marked: marked.count, copiesOnly: Set(copies).count)) }
            }
        }
        // The plan starts with a statement, so building it runs none of its steps: nothing is thrown here.
        let plan: TransactionPlan<DeletionAuthority.Outcome>
        do {
            plan = try TransactionPlan.accountHosts.then { hosts in
                .fetch(
                    SQLStatement(LookupStatements.select("id, uri", whereAny: "id", dialect), .ints(numbers)),
                    { (number: try $0.integer("id"), key: try $0.text("uri")) }
                ) { posts in
                    let (authoritative, copiesOnly) = DeletionAuthority.split(
                        posts, reportedBy: server, accountHosts: hosts)
                    return mark(authoritative, copiesOnly)
                }
            }
        } catch {
            throw .database("\(error)")
        }
        return try await executor.run(plan)
    }

    /// Records that `server` says one status is gone (see ``markGone(_:reportedBy:at:via:)``).
    @discardableResult
    public func markGone(
        _ number: Int64, reportedBy server: String, at date: Date = Date(),
        via source: DeletionSource
    ) async throws(ArchiveError) -> DeletionAuthority.Outcome {
        try await markGone([number], reportedBy: server, at: date, via: source)
    }
}

extension TransactionPlan where Result == Set<String> {
    /// The `host[:port]` of every server one of the user's accounts is on (``DeletionAuthority``), read in
    /// the transaction of the flow that needs them (a deletion's, a page's).
    package static var accountHosts: Self {
        .fetch(SQLStatement(DeletionStatements.accountServers), { try $0.text("server") }) {
            .done(DeletionAuthority.accountHosts($0))
        }
    }
}
