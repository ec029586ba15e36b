import Foundation
import SearchQuery

/// A timeline's number of posts when a search is `in:spec` alone (what `icebox serve`'s timeline pages
/// ask), counted from `timeline_statuses` and the partial index of boosts without reading a statuses
/// row: the search's own count tests every status against the timeline (3.3 s for the first visit of a
/// large timeline at 1,000,000 statuses). One text for both stores (arguments `?1`…, see
/// ``SQLDialect/statement(_:)``).
package enum TimelineCountStatements {
    /// The spec of a query that is one positive `in:` and nothing else.
    package static func soleSpec(of query: SearchQuery) -> String? {
        guard case .inTimeline(let spec) = query.soleCondition else { return nil }
        return spec
    }

    /// The timelines `in:` names (compared without case, as the filter compares), as `id`: ?1 the spec.
    package static func timelines(_ dialect: any SQLDialect) -> String {
        "SELECT t.id FROM timelines t WHERE \(dialect.caseless("t.spec", equals: "?1"))"
    }

    /// How many statuses timeline ?1 holds that are not boost wrappers (a search never finds those as
    /// themselves), as `n`: its entries, less those that are boosts (from the partial index of boosts).
    package static let posts = """
        SELECT (SELECT COUNT(*) FROM timeline_statuses WHERE timeline_id = ?1)
            - (SELECT COUNT(*) FROM timeline_statuses ts WHERE ts.timeline_id = ?1
               AND ts.status_id IN (SELECT id FROM statuses WHERE reblog_uri IS NOT NULL)) AS n
        """
}
