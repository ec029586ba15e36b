import SearchQuery

extension SearchQuery {
    /// The condition of a query that is one positive filter and nothing else (no words, no negation): the
    /// queries whose totals an index gives alone (see `TagStatements`, `TimelineCountStatements`).
    package var soleCondition: Condition? {
        guard clauses.isEmpty, filters.count == 1, let filter = filters.first, !filter.negated else { return nil }
        return filter.condition
    }
}
