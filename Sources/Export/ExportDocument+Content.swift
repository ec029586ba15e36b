import ArchiveCore
import Foundation
import Models

extension ExportDocument {
    /// A post's content as the page shows it: its structure (``StatusHTML/blocks(_:)``) in our own
    /// markup, every text escaped, links only to `http(s)`, and `:shortcode:` custom emoji as pictures
    /// from the export's `media/` when the media archive kept them.
    static func contentHTML(_ blocks: [StatusBlock], emoji: [String: ExportRecord.StoredFile]) -> String {
        blocks.map { blockHTML($0, emoji: emoji) }.joined()
    }

    private static func blockHTML(_ block: StatusBlock, emoji: [String: ExportRecord.StoredFile]) -> String {
        switch block {
        case .paragraph(let inlines): return "<p>" + inlines.map { inlineHTML($0, emoji: emoji) }.joined() + "</p>"
        case .list(let ordered, let start, let items):
            let open: String = ordered ? (start == 1 ? "<ol>" : "<ol start=\"\(start)\">") : "<ul>"
            let close: String = ordered ? "</ol>" : "</ul>"
            let inner: [String] = items.map { (blocks: [StatusBlock]) -> String in
                "<li>" + contentHTML(blocks, emoji: emoji) + "</li>"
            }
            return open + inner.joined() + close
        case .quote(let blocks): return "<blockquote>" + contentHTML(blocks, emoji: emoji) + "</blockquote>"
        case .code(let text): return "<pre><code>" + escaped(text) + "</code></pre>"
        case .rule: return "<hr>"
        }
    }

    private static func inlineHTML(_ inline: StatusInline, emoji: [String: ExportRecord.StoredFile]) -> String {
        switch inline {
        case .text(let text): return withEmoji(text, emoji: emoji)
        case .code(let text): return "<code>" + escaped(text) + "</code>"
        case .link(let href, let text): return anchor(href, text: text) ?? escaped(text)
        case .lineBreak: return "<br>"
        }
    }

    /// Escaped text with each `:shortcode:` the export holds a picture for shown as that picture.
    static func withEmoji(_ text: String, emoji: [String: ExportRecord.StoredFile]) -> String {
        guard !emoji.isEmpty, text.contains(":") else { return escaped(text) }
        var html = ""
        var rest = Substring(text)
        while let match = rest.firstMatch(of: #/:([A-Za-z0-9_]{1,64}):/#) {
            let shortcode = String(match.1)
            guard let file = shown(emoji[shortcode], as: .image) else {
                html += escaped(String(rest[..<match.range.upperBound].dropLast()))
                rest = rest[rest.index(before: match.range.upperBound)...]
                continue
            }
            html += escaped(String(rest[..<match.range.lowerBound]))
            html +=
                "<img class=\"emoji\" src=\"\(entry(file))\" alt=\":\(escaped(shortcode)):\" title=\":\(escaped(shortcode)):\">"
            rest = rest[match.range.upperBound...]
        }
        return html + escaped(String(rest))
    }
}
