import Foundation

/// A timeline's number of posts from its entries, without reading a statuses row (see
/// ``TimelineCountStatements``): written once, run by each store's search on its own snapshot.
extension ArchiveStore {
    /// How many posts the one timeline `spec` names holds (none when it names no timeline); nil when it
    /// names several (their statuses may overlap: the search counts).
    package func countPosts(inTimeline spec: String) async throws(ArchiveError) -> Int? {
        try await executor.read(TimelineCountStatements.count(inTimeline: spec, executor.dialect))
    }
}

extension TimelineCountStatements {
    /// The reads of ``ArchiveStore/countPosts(inTimeline:)``, for a store that runs them inside a read of
    /// its own.
    package static func count(inTimeline spec: String, _ dialect: any SQLDialect) -> TransactionPlan<Int?> {
        .fetch(SQLStatement(timelines(dialect), .text(spec)), { try $0.integer("id") }) { timelines in
            guard timelines.count <= 1 else { return .done(nil) }
            guard let timeline = timelines.first else { return .done(0) }
            return .fetch(SQLStatement(posts, .int(timeline)), { try $0.integer("n") }) { .done(Int($0.first ?? 0)) }
        }
    }
}
