import Foundation
import SearchQuery

/// Counts a search takes from indexes alone, without reading a statuses row: a tag's posts (from the
/// exact index of tags) and a timeline's (from its entries, see ``TimelineCountStatements``). Written
/// once as plans, run by each store's search on its own snapshot.
extension ArchiveStore {
    /// How many posts carry `tag`, from the exact index of tags (boost wrappers are not in it), less the
    /// ones consent hides when `hiding`.
    package func count(tagged tag: String, hiding: Bool) async throws(ArchiveError) -> Int {
        try await executor.read(TagStatements.count(tagged: tag, hiding: hiding, executor.dialect))
    }
}

extension TransactionPlan where Result == Int? {
    /// A search's count from indexes alone, when `query` allows it: one `#tag` (unless consent hides some
    /// of its posts and the count is `bounded`: taking the hidden share out reads every opted-out author's
    /// post that carries it, where a bounded count reads at most its bound), or one timeline with nothing
    /// hidden. Nil when the search must count as any search does.
    package static func indexedCount(
        _ query: SearchQuery, hiding: Bool, bounded: Bool, _ dialect: any SQLDialect
    ) -> Self {
        if let tag = TagStatements.soleTag(of: query), !hiding || !bounded {
            return TagStatements.count(tagged: tag, hiding: hiding, dialect).map { $0 }
        }
        if !hiding, let spec = TimelineCountStatements.soleSpec(of: query) {
            return TimelineCountStatements.count(inTimeline: spec, dialect)
        }
        return .done(nil)
    }
}

extension TimelineCountStatements {
    /// How many posts the one timeline `spec` names holds (none when it names no timeline); nil when it
    /// names several (their statuses may overlap: the search counts).
    package static func count(inTimeline spec: String, _ dialect: any SQLDialect) -> TransactionPlan<Int?> {
        .fetch(SQLStatement(timelines(dialect), .text(spec)), { try $0.integer("id") }) { timelines in
            guard timelines.count <= 1 else { return .done(nil) }
            guard let timeline = timelines.first else { return .done(0) }
            return .fetch(SQLStatement(posts, .int(timeline)), { try $0.integer("n") }) { .done(Int($0.first ?? 0)) }
        }
    }
}

extension TagStatements {
    /// The reads of ``ArchiveStore/count(tagged:hiding:)``, for a store that runs them inside a read of
    /// its own: all the tag's posts, less the hidden ones (``SQLDialect/hiddenTagged``) when `hiding`.
    package static func count(tagged tag: String, hiding: Bool, _ dialect: any SQLDialect) -> TransactionPlan<Int> {
        .fetch(SQLStatement(count("?1"), .text(tag)), { try $0.integer("n") }) { all in
            let all = Int(all.first ?? 0)
            guard hiding else { return .done(all) }
            return .fetch(SQLStatement(dialect.hiddenTagged, .text(tag)), { try $0.integer("n") }) {
                .done(all - Int($0.first ?? 0))
            }
        }
    }
}
