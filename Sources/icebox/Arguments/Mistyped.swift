/// Names typed by mistake: an option or a command that does not exist, and the one meant.
enum Mistyped {
    /// The candidate closest to `typed` when it is near enough to be a slip of the keys (at most two
    /// edits, and no more than half the letters), else nil.
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(typed, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let letters = typed.drop { $0 == "-" }.count
        return best.1 <= 2 && best.1 * 2 <= max(letters, 1) ? best.0 : nil
    }

    /// "Did you mean 'X'?" with a space before it, or nothing.
    static func suggestion(for typed: String, among candidates: [String]) -> String {
        nearest(to: typed, among: candidates).map { " Did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein's distance between two short names, an adjacent swap counting as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
