import ArchiveCore
import Foundation
import GRDB
import SearchQuery

extension ArchiveDatabase {
    /// Runs a search. Boosts are not results of their own: a boosted post is found once, as itself.
    /// Newest first by default, as Mastodon orders its search results. `consent`: whether the posts of
    /// accounts that opted out of search are left out (see `ConsentPolicy`).
    public func search(
        _ query: SearchQuery, sort: SearchSort, limit: Int, offset: Int,
        consent: ConsentPolicy
    ) async throws(ArchiveError) -> [SearchHit] {
        try await search(
            query, sort: sort, limit: limit, offset: offset, consent: consent,
            sparseLimit: SearchPlan.defaultSparseLimit)
    }

    /// `search` with the planner's sparse limit given: tests set it to take each plan on a small archive.
    func search(
        _ query: SearchQuery, sort: SearchSort, limit: Int, offset: Int, consent: ConsentPolicy,
        sparseLimit: Int
    ) async throws(ArchiveError) -> [SearchHit] {
        // The statement is planned on one snapshot (the plan reads how many candidates each way finds), its
        // hits read with their timelines on another (see `ArchiveStore.hits`).
        let planned: SQLStatement? = try await read { db in
            let compiled = SearchCompiler(
                query, hidingOptedOut: try Self.run(ConsentStatements.hides(consent, SQLiteDialect()), db))
            var sql: String
            var arguments: [any DatabaseValueConvertible] = []
            if sort == .relevance, let match = compiled.match {
                // Text weighs most, then content warning and hashtags, then alt text, author, card and poll.
                sql =
                    SearchHit.columns + ", bm25(statuses_fts, 10.0, 6.0, 3.0, 1.0, 2.0, 6.0) AS rank FROM statuses_fts "
                    + "JOIN statuses s ON s.sort_key = statuses_fts.rowid WHERE statuses_fts MATCH ?"
                arguments.append(match)
                let range = compiled.keyRangeConditions(on: "statuses_fts.rowid")
                for condition in range.conditions { sql += " AND " + condition }
                arguments += range.arguments
                for lookup in compiled.textLookups {
                    sql += " AND " + SearchPlan.rowCheck(lookup)
                    arguments.append(lookup.expression)
                }
                sql += " AND " + compiled.rowConditions.joined(separator: " AND ") + " ORDER BY rank, s.sort_key DESC"
                arguments += compiled.arguments
            } else {
                guard let plan = try SearchPlan(compiled, db, sparseLimit: sparseLimit) else { return nil }
                sql =
                    SearchHit.columns + ", NULL AS rank FROM \(plan.source) WHERE "
                    + plan.conditions.joined(separator: " AND ")
                    + " ORDER BY " + plan.order(oldestFirst: sort == .oldest)
                arguments = plan.arguments
            }
            sql += " LIMIT ? OFFSET ?"
            arguments += [max(limit, 0), max(offset, 0)]
            return SQLStatement(sql, arguments: arguments.map { SQLArgument($0.databaseValue) })
        }
        guard let planned else { return [] }
        return try await hits(planned)
    }

    /// How many statuses a search finds (with the same `consent` as `search`), at most `bound` when given.
    public func count(_ query: SearchQuery, consent: ConsentPolicy, atMost bound: Int?) async throws(ArchiveError)
        -> Int
    {
        try await count(query, consent: consent, sparseLimit: SearchPlan.defaultSparseLimit, atMost: bound)
    }

    /// `count` with the planner's sparse limit given (see `search`).
    func count(
        _ query: SearchQuery, consent: ConsentPolicy, sparseLimit: Int, atMost bound: Int? = nil
    ) async throws(ArchiveError) -> Int {
        try await read { db in
            let hiding = try Self.run(ConsentStatements.hides(consent, SQLiteDialect()), db)
            let compiled = SearchCompiler(query, hidingOptedOut: hiding)
            let lookups = compiled.allLookups
            // Words alone: the index's own count (boost wrappers index no text, so none is counted), less
            // the hidden matches, found from the opted-out authors' few posts.
            if lookups.count == 1, compiled.rowConditions.count == (hiding ? 2 : 1), compiled.arguments.isEmpty {
                let table = lookups[0].table
                let matches = "\(table) MATCH ?"
                // The index's matches stream past the set of hidden keys, as in the bare count. Boosts index
                // no text.
                let hidden = "+rowid IN (\(Self.hiddenPosts("sort_key")))"
                func counted(_ condition: String, atMost bound: Int? = nil) throws -> Int {
                    try Int.fetchOne(
                        db.cachedStatement(sql: StatsStatements.count(table, where: condition, atMost: bound)),
                        arguments: [lookups[0].expression]) ?? 0
                }
                // Bounded, the shown matches are counted themselves: a difference of two bounded counts is
                // no count at all.
                if bound != nil { return try counted(matches + (hiding ? " AND NOT " + hidden : ""), atMost: bound) }
                let all = try counted(matches)
                guard hiding else { return all }
                return all - (try counted(matches + " AND " + hidden))
            }
            let indexed = TransactionPlan.indexedCount(query, hiding: hiding, bounded: bound != nil, SQLiteDialect())
            if let counted = try Self.run(indexed, db) { return counted }
            guard let plan = try SearchPlan(compiled, db, sparseLimit: sparseLimit) else { return 0 }
            let sql = StatsStatements.count(
                plan.source, where: plan.conditions.joined(separator: " AND "), atMost: bound)
            return try Int.fetchOne(
                db.cachedStatement(sql: sql), arguments: StatementArguments(plan.arguments.map(\.databaseValue))) ?? 0
        }
    }
}
