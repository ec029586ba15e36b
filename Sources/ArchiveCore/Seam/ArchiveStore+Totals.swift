import Foundation

/// The archive's breakdown, a timeline's posts for an export, and what a recheck asks about: written once
/// over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// The breakdown of every post, or of those seen in the timeline `timelineID`; `top` values per list
    /// (every month), read on one snapshot.
    public func breakdown(timelineID: Int64? = nil, top: Int = 10) async throws(ArchiveError) -> ArchiveBreakdown {
        let dialect = executor.dialect
        let inTimeline = timelineID != nil
        let scope = timelineID.map { [SQLArgument.int($0)] } ?? []
        let tags = BreakdownStatements.tags(dialect)
        let lists: [SQLStatement] = [
            (tags.value, tags.join, false), ("s.author_handle", "", false),
            (BreakdownStatements.server(dialect), "", false), (BreakdownStatements.language, "", false),
            (BreakdownStatements.month, "", true),
        ].map { value, join, byMonth in
            SQLStatement(
                BreakdownStatements.counts(
                    value, join: join, byName: byMonth, limit: byMonth ? nil : top, inTimeline: inTimeline, dialect),
                arguments: scope)
        }
        return try await executor.read(
            .fetch(
                SQLStatement(BreakdownStatements.posts(inTimeline: inTimeline), arguments: scope),
                { try $0.integer("n") }
            ) {
                let posts = Int($0.first ?? 0)
                return ArchiveBreakdown.counts(lists, counted: []) { counts in
                    ArchiveBreakdown(
                        posts: posts, hashtags: counts[0], authors: counts[1], servers: counts[2],
                        languages: counts[3], months: counts[4])
                }
            })
    }

    /// The archived posts of a pinned timeline (boosts stand for the post they boost, once), newest
    /// first, created in `[since, until)` when given (Mastodon's date format, or a prefix of it). With
    /// `consent` honoured, the posts of accounts that opted out of search are left out (see `ConsentPolicy`).
    public func timelineNumbers(
        timelineID: Int64, since: String?, until: String?,
        consent: ConsentPolicy
    ) async throws(ArchiveError) -> [Int64] {
        let dialect = executor.dialect
        return try await executor.read(
            ConsentStatements.hides(consent, dialect) { hides in
                let condition = hides ? "AND " + dialect.consented("p") : ""
                return .fetch(
                    SQLStatement(
                        TimelineStatusStatements.posts(condition), .int(timelineID), .text(orNull: since),
                        .text(orNull: until)),
                    { try $0.integer("id") }, then: { .done($0) })
            })
    }

    /// Statuses not marked gone, created at `since` or later, that have an id on `server`, numbered
    /// above `after`, in number order (pass the last number back to read on).
    public func recheckCandidates(
        server: String, since: String, after: Int64,
        limit: Int
    ) async throws(ArchiveError) -> [RecheckCandidate] {
        try await executor.fetch(
            SQLStatement(
                DeletionStatements.recheckCandidates, .text(server), .text(since), .int(after),
                .int(Int64(max(limit, 0))))
        ) { try $0.decoded(as: RecheckCandidate.self) }
    }
}

extension ArchiveBreakdown {
    /// The counts of each statement of ``BreakdownStatements/counts(_:join:byName:limit:inTimeline:_:)``
    /// in turn, added to `counted`, then what `finish` makes of them all.
    fileprivate static func counts(
        _ lists: [SQLStatement], counted: [[Count]], finish: @escaping @Sendable ([[Count]]) -> ArchiveBreakdown
    ) -> TransactionPlan<ArchiveBreakdown> {
        guard let list = lists.first else { return .done(finish(counted)) }
        return .fetch(list, { try $0.decoded(as: Count.self) }) {
            counts(Array(lists.dropFirst()), counted: counted + [$0], finish: finish)
        }
    }
}
