import ArchiveCore
import Foundation
import GRDB
import SearchQuery

extension ArchiveDatabase {
    /// The posts of a listing, newest first, with the same fields as search hits.
    public func posts(_ listing: ArchiveListing, limit: Int, offset: Int) async throws(ArchiveError) -> [SearchHit] {
        try await read { db in
            let (conditions, arguments) = Self.conditions(listing)
            let sql =
                Self.hitColumns + ", NULL AS rank FROM statuses s WHERE " + conditions
                + " ORDER BY s.created_at DESC, s.id DESC LIMIT ? OFFSET ?"
            return try Self.hits(sql, arguments: StatementArguments(arguments + [max(limit, 0), max(offset, 0)]), db)
        }
    }

    /// How many posts a listing holds.
    public func count(_ listing: ArchiveListing) async throws(ArchiveError) -> Int {
        try await read { db in
            // A hashtag's posts, everyone's: the exact index of tags counts them (listings hide no one).
            if case .tag(let tag, nil) = listing {
                return try Self.run(
                    TagStatements.count(tagged: TagStatements.listed(tag), hiding: false, SQLiteDialect()), db)
            }
            let (conditions, arguments) = Self.conditions(listing)
            return try Int.fetchOne(
                db, sql: StatsStatements.count("statuses s", where: conditions),
                arguments: StatementArguments(arguments)) ?? 0
        }
    }

    /// The statuses numbered `numbers` as hits, in the order given; numbers not archived are left out.
    public func posts(numbered numbers: [Int64]) async throws(ArchiveError) -> [SearchHit] {
        guard !numbers.isEmpty else { return [] }
        let found = try await read { db in
            try Self.hits(
                Self.hitColumns + ", NULL AS rank FROM statuses s WHERE s.id IN (SELECT value FROM json_each(?))",
                arguments: ["[" + numbers.map(String.init).joined(separator: ",") + "]"], db)
        }
        let byNumber = Dictionary(found.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        return numbers.compactMap { byNumber[$0] }
    }

    /// The SQL conditions on `statuses s` of a listing, and their arguments.
    private static func conditions(_ listing: ArchiveListing) -> (String, [any DatabaseValueConvertible]) {
        var conditions = ["s.reblog_uri IS NULL"]
        var arguments: [any DatabaseValueConvertible] = []
        func author(_ handle: String) {
            // Through the index on lower(author_handle), as from: searches go.
            conditions.append("lower(s.author_handle) = ?")
            arguments.append(handle.lowercased())
        }
        switch listing {
        case .author(let handle):
            author(handle)
        case .tag(let tag, let handle):
            let name = TagStatements.listed(tag)
            // The tag column of the word index narrows to candidates when the tag has words in it (an
            // emoji-only tag has none); the exact index of tags decides (see TagStatements).
            if name.contains(where: { $0.isLetter || $0.isNumber }) {
                conditions.append("s.sort_key IN (SELECT rowid FROM statuses_fts WHERE statuses_fts MATCH ?)")
                arguments.append("tag_names : " + SearchCompiler.quote(name))
            }
            conditions.append(TagStatements.carries("?"))
            arguments.append(name)
            if let handle { author(handle) }
        }
        return (conditions.joined(separator: " AND "), arguments)
    }
}
