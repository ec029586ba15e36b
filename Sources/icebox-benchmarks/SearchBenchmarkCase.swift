/// One row of the search benchmark: its queries (taken in turn), the index the bare side reads, and
/// whether the bare side also applies the query's filters (see `SearchBenchmark.bareFilters`).
struct BenchCase {
    var name: String
    var texts: [String]
    var table = "statuses_fts"
    var count = false
    var filtered = false
    /// The bare side's MATCH expression per text, when the words alone are not it (a hashtag).
    var bareExpressions: [String]?
    /// A condition the bare side adds on the joined row `s` (the filter the query asks, as plain SQL).
    var bareCondition = ""

    init(
        _ name: String, _ texts: [String], table: String = "statuses_fts", count: Bool = false, filtered: Bool = false,
        bareExpressions: [String]? = nil, bareCondition: String = ""
    ) {
        self.name = name
        self.texts = texts
        self.table = table
        self.count = count
        self.filtered = filtered
        self.bareExpressions = bareExpressions
        self.bareCondition = bareCondition
    }
}

/// Milliseconds per side of the benchmark, and Icebox's per query text.
struct BenchSamples {
    var ours: [Double] = []
    var newest: [Double] = []
    var ranked: [Double] = []
    var byText: [String: [Double]] = [:]

    mutating func add(_ text: String, ours: Double, newest: Double, ranked: Double?) {
        self.ours.append(ours)
        self.newest.append(newest)
        if let ranked { self.ranked.append(ranked) }
        byText[text, default: []].append(ours)
    }
}
