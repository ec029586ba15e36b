import Foundation
import Models

/// Who favourited and boosted the archiving accounts' own posts, as their own servers say (issue 44),
/// written once over the store's ``StoreExecutor``. ``reactions(to:type:)`` lists them beside what the
/// notifications told.
extension ArchiveStore {
    /// The posts `account` wrote whose counts moved since its server (`server`, the host its posts' ids
    /// are kept under) was last asked about them, oldest first, at most `limit`.
    public func reactionCandidates(of account: ArchivingAccount, server: String, limit: Int)
        async throws(ArchiveError) -> [ReactionCandidate]
    {
        try await executor.fetch(
            SQLStatement(
                ReactionStatements.candidates, .int(account.id), .text(account.handle), .text(server),
                .int(Int64(limit)))
        ) { row in
            ReactionCandidate(
                number: try row.integer("number"), uri: try row.text("uri"), serverID: try row.text("local_id"),
                favourites: try row.integer("favourites"), reblogs: try row.integer("reblogs"),
                askedFavourites: try row.optionalInteger("asked_favourites"),
                askedReblogs: try row.optionalInteger("asked_reblogs"))
        }
    }

    /// Keeps the accounts `account`'s server says reacted (`type`: `favourite` or `reblog`) to its post
    /// `statusURI`, in one transaction; how many were new. Nothing is ever deleted: an account listed
    /// once stays listed.
    @discardableResult
    public func keepReactions(
        _ entries: [ReactionEntry], account: Int64, statusURI: String, type: String, now: Date = Date()
    ) async throws(ArchiveError) -> Int {
        var seen = Set<String>()
        let distinct = entries.filter { seen.insert($0.acct).inserted }
        let stamp = Timestamp.string(now)
        @Sendable func keeping(from index: Int, new: Int) -> TransactionPlan<Int> {
            guard index < distinct.count else { return .done(new) }
            let entry = distinct[index]
            let arguments: [SQLArgument] = [
                .int(account), .text(statusURI), .text(type), .text(entry.acct), .text(entry.displayName),
                .bytes(entry.raw), .text(stamp),
            ]
            return .statement(SQLStatement(ReactionStatements.insert, arguments: arguments)) { inserted in
                guard inserted.isEmpty else { return keeping(from: index + 1, new: new + 1) }
                return .statement(SQLStatement(ReactionStatements.seenAgain, arguments: arguments)) { _ in
                    keeping(from: index + 1, new: new)
                }
            }
        }
        return try await executor.run(keeping(from: 0, new: 0))
    }

    /// Records the counts of `account`'s post `statusURI` its server was asked about now (nil: that list
    /// was not asked this time): a count that has not moved since costs no request.
    public func markReactionsAsked(
        account: Int64, statusURI: String, favourites: Int64?, reblogs: Int64?, now: Date = Date()
    ) async throws(ArchiveError) {
        try await executor.execute(
            SQLStatement(
                ReactionStatements.asked, .int(account), .text(statusURI), .int(orNull: favourites),
                .int(orNull: reblogs), .text(Timestamp.string(now))))
    }

    /// Records the counts `server` sent now of the archiving accounts' own posts among `statuses` (a
    /// recheck's), in one transaction: a post keeps its first copy's bytes, and these say whether its
    /// favourites or boosts moved since its account's server was last asked who they are.
    public func recordServedCounts(_ statuses: [Status], server: String, now: Date = Date())
        async throws(ArchiveError)
    {
        let stamp = Timestamp.string(now)
        let statements = statuses.filter { $0.reblog == nil }.map { status in
            SQLStatement(
                ReactionStatements.counts, .text(status.uri), .text(server), .int(Int64(status.favouritesCount)),
                .int(Int64(status.reblogsCount)), .text(stamp), .text(status.account.fullHandle(servedBy: server)))
        }
        guard !statements.isEmpty else { return }
        try await executor.run(.executing(statements))
    }
}
