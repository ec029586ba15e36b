import Foundation

/// The posts of a listing (an author's, a hashtag's) and posts by number, as search hits with their
/// timelines: written once over the store's ``StoreExecutor``. What a store's full-text index adds to
/// a listing is its dialect's (``SQLDialect/tagCandidates(_:bind:)``).
extension ArchiveStore {
    /// The posts of a listing, newest first, with the same fields as search hits.
    public func posts(_ listing: ArchiveListing, limit: Int, offset: Int) async throws(ArchiveError) -> [SearchHit] {
        var (conditions, arguments) = Self.conditions(listing, executor.dialect)
        arguments += [.int(Int64(max(limit, 0))), .int(Int64(max(offset, 0)))]
        return try await hits(
            SQLStatement(
                SearchHit.columns + ", NULL AS rank FROM statuses s WHERE " + conditions
                    + " ORDER BY s.created_at DESC, s.id DESC LIMIT ?\(arguments.count - 1) OFFSET ?\(arguments.count)",
                arguments: arguments))
    }

    /// How many posts a listing holds.
    public func count(_ listing: ArchiveListing) async throws(ArchiveError) -> Int {
        // A hashtag's posts, everyone's: the exact index of tags counts them (listings hide no one).
        if case .tag(let tag, nil) = listing {
            return try await count(tagged: TagStatements.listed(tag), hiding: false)
        }
        let (conditions, arguments) = Self.conditions(listing, executor.dialect)
        let counted = SQLStatement(StatsStatements.count("statuses s", where: conditions), arguments: arguments)
        return Int(try await executor.fetchFirst(counted) { try $0.integer("n") } ?? 0)
    }

    /// The statuses numbered `numbers` as hits, in the order given; numbers not archived are left out.
    public func posts(numbered numbers: [Int64]) async throws(ArchiveError) -> [SearchHit] {
        guard !numbers.isEmpty else { return [] }
        let found = try await hits(
            SQLStatement(
                SearchHit.columns + ", NULL AS rank FROM statuses s WHERE " + executor.dialect.isAny("s.id", of: "?1"),
                .ints(numbers)))
        let byNumber = Dictionary(found.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        return numbers.compactMap { byNumber[$0] }
    }

    /// The hits `statement` finds (``SearchHit/columns`` and a `rank`), with their timelines, read on one
    /// snapshot.
    package func hits(_ statement: SQLStatement) async throws(ArchiveError) -> [SearchHit] {
        let timelines = LookupStatements.timelines(ofAny: executor.dialect)
        return try await executor.read(
            .fetch(statement, { try $0.decoded(as: SearchHit.self) }) { hits in
                guard !hits.isEmpty else { return .done(hits) }
                return .fetch(
                    SQLStatement(timelines, .ints(hits.map(\.number))), { try $0.decoded(as: StatusTimeline.self) }
                ) { found in
                    var hits = hits
                    hits.attach(found)
                    return .done(hits)
                }
            })
    }

    /// The conditions on `statuses s` of a listing, and their arguments (`?1`…).
    private static func conditions(_ listing: ArchiveListing, _ dialect: any SQLDialect) -> (String, [SQLArgument]) {
        var conditions = ["s.reblog_uri IS NULL"]
        var arguments: [SQLArgument] = []
        func bind(_ value: SQLArgument) -> String {
            arguments.append(value)
            return "?\(arguments.count)"
        }
        // Through the index on lower(author_handle), as from: searches go.
        func author(_ handle: String) {
            conditions.append("lower(s.author_handle) = " + bind(.text(handle.lowercased())))
        }
        switch listing {
        case .author(let handle):
            author(handle)
        case .tag(let tag, let handle):
            let name = TagStatements.listed(tag)
            if let candidates = dialect.tagCandidates(name, bind: bind) { conditions.append(candidates) }
            conditions.append(TagStatements.carries(bind(.text(name))))
            if let handle { author(handle) }
        }
        return (conditions.joined(separator: " AND "), arguments)
    }
}
