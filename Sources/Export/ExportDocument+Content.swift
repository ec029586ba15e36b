import ArchiveCore
import Foundation
import Models

extension ExportDocument {
    /// A post's content as the page shows it: its structure (``StatusHTML/blocks(_:)``) in our own
    /// markup, every text escaped, links only to `http(s)`, and `:shortcode:` custom emoji as pictures
    /// from the export's `media/` when the media archive kept them.
    static func contentHTML(_ blocks: [StatusBlock], emoji: [String: ExportRecord.StoredFile]) -> HTML {
        blocks.map { blockHTML($0, emoji: emoji) }.joined()
    }

    private static func blockHTML(_ block: StatusBlock, emoji: [String: ExportRecord.StoredFile]) -> HTML {
        switch block {
        case .paragraph(let inlines): return "<p>\(inlines.map { inlineHTML($0, emoji: emoji) }.joined())</p>"
        case .list(let ordered, let start, let items):
            let open: HTML = ordered ? (start == 1 ? "<ol>" : "<ol start=\"\(start)\">") : "<ul>"
            let close: HTML = ordered ? "</ol>" : "</ul>"
            let inner = items.map { (blocks: [StatusBlock]) -> HTML in "<li>\(contentHTML(blocks, emoji: emoji))</li>" }
            return open + inner.joined() + close
        case .quote(let blocks): return "<blockquote>\(contentHTML(blocks, emoji: emoji))</blockquote>"
        case .code(let text): return "<pre><code>\(text)</code></pre>"
        case .rule: return "<hr>"
        }
    }

    private static func inlineHTML(_ inline: StatusInline, emoji: [String: ExportRecord.StoredFile]) -> HTML {
        switch inline {
        case .text(let text): return withEmoji(text, emoji: emoji)
        case .code(let text): return "<code>\(text)</code>"
        case .link(let href, let text): return anchor(href, text: text) ?? "\(text)"
        case .lineBreak: return "<br>"
        }
    }

    /// Escaped text with each `:shortcode:` the export holds a picture for shown as that picture.
    static func withEmoji(_ text: String, emoji: [String: ExportRecord.StoredFile]) -> HTML {
        guard !emoji.isEmpty, text.contains(":") else { return "\(text)" }
        var html = HTML()
        var rest = Substring(text)
        while let match = rest.firstMatch(of: #/:([A-Za-z0-9_]{1,64}):/#) {
            let shortcode = match.1
            guard let file = shown(emoji[String(shortcode)], as: .image) else {
                html += "\(rest[..<match.range.upperBound].dropLast())"
                rest = rest[rest.index(before: match.range.upperBound)...]
                continue
            }
            html += "\(rest[..<match.range.lowerBound])"
            html += "<img class=\"emoji\" src=\"\(entry(file))\" alt=\":\(shortcode):\" title=\":\(shortcode):\">"
            rest = rest[match.range.upperBound...]
        }
        return html + "\(rest)"
    }
}
