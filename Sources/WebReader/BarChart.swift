import Export
import Foundation

/// A bar chart as inline SVG, drawn on the server: no script, no font or file fetched, styled by the
/// page's stylesheet (`svg.chart`), so it follows light and dark and shrinks to the column.
enum BarChart {
    /// Vertical bars in order (posts per month): one bar a label, the labels under the first, middle
    /// and last bars.
    static func columns(_ values: [(label: String, count: Int)], title: String) -> String {
        guard !values.isEmpty else { return "<p class=\"note\">Nothing to chart yet.</p>" }
        let width = 640
        let height = 180
        let plot = height - 24
        let top = max(values.map(\.count).max() ?? 1, 1)
        let step = Double(width) / Double(values.count)
        var svg = open(width: width, height: height, title: title)
        for (index, value) in values.enumerated() {
            let barHeight = Int((Double(value.count) / Double(top) * Double(plot - 14)).rounded())
            let x = Double(index) * step
            svg +=
                "<rect class=\"bar\" x=\"\(format(x + step * 0.1))\" y=\"\(plot - barHeight)\" "
                + "width=\"\(format(max(step * 0.8, 1)))\" height=\"\(barHeight)\"><title>"
                + "\(StatusPage.escaped(value.label)): \(value.count)</title></rect>"
        }
        let marks = Set([0, values.count / 2, values.count - 1])
        for index in marks.sorted() {
            let x = Double(index) * step + step / 2
            let anchor = index == 0 ? "start" : index == values.count - 1 ? "end" : "middle"
            svg +=
                "<text x=\"\(format(index == 0 ? 0 : index == values.count - 1 ? Double(width) : x))\" "
                + "y=\"\(height - 6)\" text-anchor=\"\(anchor)\">\(StatusPage.escaped(values[index].label))</text>"
        }
        svg += "<text x=\"0\" y=\"11\">\(top)</text>"
        svg += "<line class=\"axis\" x1=\"0\" y1=\"\(plot)\" x2=\"\(width)\" y2=\"\(plot)\"/>"
        return svg + "</svg>"
    }

    /// Horizontal bars, one a row, label and count written beside each (top hashtags, authors, gaps).
    static func rows(_ values: [(label: String, count: Int)], title: String, style: String = "bar") -> String {
        guard !values.isEmpty else { return "<p class=\"note\">Nothing to chart yet.</p>" }
        let width = 640
        let row = 22
        let labelWidth = 250
        let height = row * values.count + 4
        let top = max(values.map(\.count).max() ?? 1, 1)
        var svg = open(width: width, height: height, title: title)
        for (index, value) in values.enumerated() {
            let y = index * row + 2
            let label = value.label.count > 34 ? String(value.label.prefix(33)) + "…" : value.label
            let barWidth = max(
                Int(Double(value.count) / Double(top) * Double(width - labelWidth - 60)), value.count > 0 ? 2 : 0)
            svg +=
                "<text x=\"0\" y=\"\(y + 15)\">\(StatusPage.escaped(label))</text>"
                + "<rect class=\"\(style)\" x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(barWidth)\" "
                + "height=\"\(row - 6)\"/>"
                + "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 15)\">\(value.count)</text>"
        }
        return svg + "</svg>"
    }

    /// The `<svg>` element's start, named for screen readers.
    private static func open(width: Int, height: Int, title: String) -> String {
        "<svg class=\"chart\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
            + "aria-label=\"\(StatusPage.escaped(title))\"><title>\(StatusPage.escaped(title))</title>"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
