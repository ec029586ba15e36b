import ArchiveCore

/// `icebox stats`'s breakdown as text: one section a list, each value with its count and, on a
/// terminal, a bar to scale.
enum StatsChart {
    /// The longest bar, in cells.
    static let width = 30

    static func text(_ breakdown: ArchiveBreakdown, scope: String, bars: Bool) -> String {
        let sections: [(String, [ArchiveBreakdown.Count])] = [
            ("hashtags", breakdown.hashtags.map { .init(name: "#" + $0.name, count: $0.count) }),
            ("authors", breakdown.authors.map { .init(name: "@" + $0.name, count: $0.count) }),
            ("servers", breakdown.servers), ("languages", breakdown.languages), ("posts by month", breakdown.months),
        ]
        var lines = ["", "\(breakdown.posts) posts in \(scope)"]
        for (title, counts) in sections where !counts.isEmpty {
            lines += ["", title]
            let nameWidth = min(32, counts.map(\.name.count).max() ?? 0)
            let countWidth = String(counts.map(\.count).max() ?? 0).count
            let top = max(counts.map(\.count).max() ?? 1, 1)
            for item in counts {
                let name = item.name.count > nameWidth ? String(item.name.prefix(nameWidth - 1)) + "…" : item.name
                let count = String(item.count)
                var line =
                    "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                    + String(repeating: " ", count: countWidth - count.count) + count
                if bars { line += " " + bar(item.count, of: top) }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A bar of eighths of a cell, so that small differences still show.
    static func bar(_ value: Int, of top: Int) -> String {
        let eighths = Int((Double(value) / Double(top) * Double(width * 8)).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }
}
