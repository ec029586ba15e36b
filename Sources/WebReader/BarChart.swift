import Export
import Foundation

/// Bar charts drawn on the server: the bars inline SVG (no script, no font or file fetched, filled by
/// the page's stylesheet so they follow light and dark), their labels and numbers HTML text beside
/// them, so the text keeps its size while the bars stretch to the column, from a 360 px phone up.
enum BarChart {
    /// Vertical bars in order, evenly spaced (posts per month, every month present): the largest value
    /// over the bars, the first, middle and last labels under them, each bar's label and value in its
    /// tooltip.
    static func columns(_ values: [(label: String, count: Int)], title: String) -> HTML {
        guard let first = values.first, let last = values.last else {
            return "<p class=\"note\">Nothing to chart yet.</p>"
        }
        let top = max(values.map(\.count).max() ?? 1, 1)
        let height = 100
        let name = "\(title), \(first.label) to \(last.label)"
        var svg: HTML =
            "<svg viewBox=\"0 0 \(values.count * 10) \(height)\" preserveAspectRatio=\"none\" role=\"img\" "
            + "aria-label=\"\(name)\"><title>\(name)</title>"
        for (index, value) in values.enumerated() where value.count > 0 {
            // A month with posts stays visible however tall the largest one is.
            let bar = max(Int((Double(value.count) / Double(top) * Double(height)).rounded()), 1)
            svg +=
                "<rect class=\"bar\" x=\"\(index * 10 + 1)\" y=\"\(height - bar)\" width=\"8\" height=\"\(bar)\">"
                + "<title>\(value.label): \(value.count)</title></rect>"
        }
        svg += "</svg>"
        let middle = values[values.count / 2].label
        let marks = values.count > 2 ? [first.label, middle, last.label] : values.map(\.label)
        let axis = marks.map { (mark) -> HTML in "<span>\(mark)</span>" }.joined()
        return
            "<div class=\"chart columns\"><div class=\"top\">\(top)</div>\(svg)<div class=\"axis\">\(axis)</div></div>"
    }

    /// Horizontal bars, one a row (top hashtags, authors, gaps): the label, its bar, its number.
    static func rows(_ values: [(label: String, count: Int)], title: String, style: String = "bar") -> HTML {
        guard !values.isEmpty else { return "<p class=\"note\">Nothing to chart yet.</p>" }
        let top = max(values.map(\.count).max() ?? 1, 1)
        var html: HTML = "<ol class=\"chart rows\" aria-label=\"\(title)\">"
        for value in values {
            let width = value.count > 0 ? max(Double(value.count) / Double(top) * 100, 1) : 0
            html +=
                "<li><span class=\"label\">\(value.label)</span>"
                + "<svg viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
                + "<rect class=\"\(style)\" width=\"\(String(format: "%.1f", width))\" height=\"10\"/></svg>"
                + "<span class=\"count\">\(value.count)</span></li>"
        }
        return html + "</ol>"
    }

    /// Every month from the first to the last of `months` (`YYYY-MM`, oldest first), those without
    /// posts at 0, so that a chart's bars stand at even steps of time (up to 50 years of them).
    static func everyMonth(_ months: [(label: String, count: Int)]) -> [(label: String, count: Int)] {
        func parse(_ label: String) -> Int? {
            let parts = label.split(separator: "-")
            guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month)
            else { return nil }
            return year * 12 + month - 1
        }
        var counts: [Int: Int] = [:]
        for month in months {
            guard let index = parse(month.label) else { return months }  // not months: as they came
            counts[index, default: 0] += month.count
        }
        // A post dated centuries away (a server's clock, a hostile date) would make thousands of bars.
        guard let first = counts.keys.min(), let last = counts.keys.max(), last - first < 600 else { return months }
        return (first...last).map { index in
            (label: String(format: "%04d-%02d", index / 12, index % 12 + 1), count: counts[index] ?? 0)
        }
    }
}
