import Foundation
import Models

extension ExportDocument {
    /// A post's content as Markdown lines, mirroring its structure: paragraphs, `-`/`1.` lists (nested
    /// ones indented), `>` quotes, fenced code, inline code and `[text](<url>)` links to `http(s)`
    /// only. Text is escaped, so a post can add no structure of its own.
    static func markdownLines(_ blocks: [StatusBlock]) -> [String] {
        var lines: [String] = []
        for block in blocks {
            if !lines.isEmpty { lines.append("") }
            lines += markdownLines(block)
        }
        return lines
    }

    private static func markdownLines(_ block: StatusBlock) -> [String] {
        switch block {
        case .paragraph(let inlines):
            var text = ""
            for inline in inlines {
                switch inline {
                case .text(let value): text += markdownEscaped(value)
                case .code(let value): text += inlineCode(value)
                case .link(let href, let value):
                    text += autolink(href).map { "[\(markdownEscaped(value))](\($0))" } ?? markdownEscaped(value)
                case .lineBreak: text += "  \n"
                }
            }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .list(let ordered, let start, let items):
            var lines: [String] = []
            for (offset, item) in items.enumerated() {
                let marker = ordered ? "\(start + offset). " : "- "
                let indent = String(repeating: " ", count: marker.count)
                let inner = markdownLines(item)
                for (index, line) in (inner.isEmpty ? [""] : inner).enumerated() {
                    lines.append(index == 0 ? marker + line : (line.isEmpty ? "" : indent + line))
                }
            }
            return lines
        case .quote(let blocks):
            return markdownLines(blocks).map { $0.isEmpty ? ">" : "> " + $0 }
        case .code(let text):
            let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isHiddenControl }))
            let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: clean) + 1))
            return [fence] + clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [fence]
        case .rule:
            return ["* * *"]
        }
    }

    /// Inline code that no backtick inside can close early.
    private static func inlineCode(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isHiddenControl && $0 != "\n" }))
        let ticks = String(repeating: "`", count: longestRun(of: "`", in: clean) + 1)
        return ticks + " " + clean + " " + ticks
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var run = 0
        for each in text {
            run = each == character ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
