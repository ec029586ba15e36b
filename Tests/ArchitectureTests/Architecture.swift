import Foundation

/// What `docs/ARCHITECTURE.md` says of the modules, read from its two tables: the layer of each module
/// (`| 3 | Archive | … |`, a module in backticks) and, under "Must not link", what a module may not
/// link through any chain (`| Export | MastodonAPI, GRDB |`).
struct Architecture {
    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        var description: String {
            switch self {
            case .unreadable(let why): "docs/ARCHITECTURE.md: \(why)"
            }
        }
    }

    private(set) var layer: [String: Int] = [:]
    private(set) var forbidden: [String: [String]] = [:]

    init(contentsOf file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { section = line.dropFirst(3).lowercased() }
            guard line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, !cells[0].hasPrefix("-") else { continue }
            let modules = Self.backticked(cells[1])
            if section.hasPrefix("layers"), let number = Int(cells[0]) {
                for module in modules {
                    guard layer[module] == nil else { throw Failure.unreadable("\(module) is in two layers") }
                    layer[module] = number
                }
            } else if section.hasPrefix("must not link") {
                let subjects = Self.backticked(cells[0])
                for subject in subjects { forbidden[subject, default: []] += modules }
            }
        }
        guard !layer.isEmpty else { throw Failure.unreadable("no layer table (a \"## Layers\" section)") }
    }

    /// The names in backticks in a table cell.
    private static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
