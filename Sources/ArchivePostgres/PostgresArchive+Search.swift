import ArchiveCore
import Foundation
import PostgresNIO
import SearchQuery

extension PostgresArchive {
    public func search(
        _ query: SearchQuery, sort: SearchSort, limit: Int, offset: Int,
        consent: ConsentPolicy
    ) async throws(ArchiveError) -> [SearchHit] {
        let compiled = PostgresSearchCompiler(
            query, hidingOptedOut: try await executor.read(ConsentStatements.hides(consent, executor.dialect)))
        guard !compiled.matchesNothing else { return [] }
        var binds = compiled.binds
        let order: String
        var rank = "NULL::float8"
        if sort == .relevance, let rankQuery = compiled.rankQuery {
            // ts_rank's weights are {D, C, B, A}; lower is better in a hit's rank, as with SQLite's bm25.
            rank = "-ts_rank('{0.15, 0.3, 0.6, 1.0}', s.search_words, \(rankQuery))"
            order = "rank, s.created_at DESC, s.id DESC"
        } else {
            order = sort == .oldest ? "s.created_at, s.id" : "s.created_at DESC, s.id DESC"
        }
        binds += [.int(Int64(max(limit, 0))), .int(Int64(max(offset, 0)))]
        let conditions = compiled.conditions.joined(separator: " AND ")
        let page = " ORDER BY \(order) LIMIT $\(binds.count - 1) OFFSET $\(binds.count)"
        if phrasesByDate, compiled.hasPhrase, sort != .relevance {
            let (matches, source) = Self.phraseMatchesByDate(conditions, newest: sort == .newest, count: binds.count)
            return try await hits(
                SQLStatement(matches + SearchHit.columns + ", \(rank) AS rank FROM " + source + page, arguments: binds))
        }
        return try await hits(
            SQLStatement(
                SearchHit.columns + ", \(rank) AS rank FROM statuses s WHERE " + conditions + page, arguments: binds))
    }

    /// What the RUM index's predicate adds to `reblog_uri IS NULL` (schema/postgres/0014), written as the
    /// index writes it so that the planner sees the index apply.
    static let phraseIndexCondition = "s.search_words <> ''::tsvector"

    /// A page of phrase matches through the RUM index, which returns them in time order (by
    /// `created_order`) without reading the rows it skips: the first `limit + offset` matches, plus every
    /// match with the same time as the last of them, so that the page, ordered as every search is (time,
    /// then number), is the one the plain query finds. Returns the `WITH` clause that goes before the
    /// SELECT and what it selects from (`statuses s`, joined to those few ids, so that the page is sorted
    /// from them alone). `count`: the number of binds, the last two the limit and the offset.
    static func phraseMatchesByDate(_ conditions: String, newest: Bool, count: Int) -> (with: String, source: String) {
        // rum's ordering operators on the attached column: <=| from the largest value gives newest
        // first, |=> from 0 oldest first.
        let distance = newest ? "s.created_order <=| 99999999999999999::bigint" : "s.created_order |=> 0::bigint"
        // `search_words <> ''` holds for every match; the index's predicate states it so that only this
        // query can take the index (schema/postgres/0014).
        let with = """
            WITH first_matches AS MATERIALIZED (
                SELECT s.id, s.created_at FROM statuses s WHERE \(conditions) AND \(phraseIndexCondition)
                ORDER BY \(distance) LIMIT $\(count - 1) + $\(count)),
            edge AS (SELECT \(newest ? "min" : "max")(created_at) AS at FROM first_matches)

            """
        let source = """
            (SELECT id FROM first_matches
             UNION SELECT s.id FROM statuses s WHERE s.created_at = (SELECT at FROM edge) AND \(conditions)) page
            JOIN statuses s ON s.id = page.id
            """
        return (with, source)
    }

    public func count(_ query: SearchQuery, consent: ConsentPolicy, atMost bound: Int?) async throws(ArchiveError)
        -> Int
    {
        let hiding = try await executor.read(ConsentStatements.hides(consent, executor.dialect))
        let indexed = TransactionPlan.indexedCount(query, hiding: hiding, bounded: bound != nil, executor.dialect)
        if let counted = try await executor.read(indexed) { return counted }
        let compiled = PostgresSearchCompiler(query, hidingOptedOut: hiding)
        guard !compiled.matchesNothing else { return 0 }
        let counted = SQLStatement(
            StatsStatements.count("statuses s", where: compiled.conditions.joined(separator: " AND "), atMost: bound),
            arguments: compiled.binds)
        return Int(try await executor.fetchFirst(counted) { try $0.integer("n") } ?? 0)
    }
}
