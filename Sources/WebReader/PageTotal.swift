/// A total a page shows: exact, or a floor when counting stopped at serve's `--count-limit` ("more than
/// 1,000 posts"). A floor is never shown as a number it is not.
struct PageTotal: Sendable, Equatable {
    /// The posts counted: all of them when `isExact`, else at least this many.
    var count: Int
    var isExact: Bool

    /// An exact total.
    static func exact(_ count: Int) -> PageTotal { PageTotal(count: count, isExact: true) }

    /// What a count stopped at `bound` gave (see `ArchiveStore.count(_:consent:atMost:)`): exact below the
    /// bound, and above it (a total the store keeps exactly); at the bound, at least that many.
    init(counted: Int, bound: Int?) {
        self.init(count: counted, isExact: bound.map { counted != $0 } ?? true)
    }

    private init(count: Int, isExact: Bool) {
        self.count = count
        self.isExact = isExact
    }

    /// How many posts `all=1` adds to `shown` when it gives `all`: exact when both are, at least their
    /// difference when only `shown` is (there are at least `all.count` in all), unknown (at least 0)
    /// otherwise.
    static func hidden(shown: PageTotal, all: PageTotal) -> PageTotal {
        let difference = max(all.count - shown.count, 0)
        if shown.isExact && all.isExact { return .exact(difference) }
        return PageTotal(count: shown.isExact ? difference : 0, isExact: false)
    }

    /// "208 posts", or "more than 1,000 posts" when counting stopped at `count`, which is one past the
    /// limit (`Reader.countBound`).
    var text: String {
        guard isExact else { return "more than \(Self.grouped(count - 1)) posts" }
        return "\(count) post\(count == 1 ? "" : "s")"
    }

    /// Whether it is known that nothing is counted (the search found nothing).
    var isZero: Bool { isExact && count == 0 }

    /// A number with its thousands grouped by commas, as people read a large bound: "10,000".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (number < 0 ? "-" : "") + grouped
    }
}
