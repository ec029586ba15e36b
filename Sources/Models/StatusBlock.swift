import Foundation

/// A status's content as the few structures a reader needs: paragraphs, lists, quotes, code and rules.
/// Built from the server's HTML by ``StatusHTML/blocks(_:)`` through an allow-list: everything else
/// is reduced to its text, so whoever renders blocks (an export page, Markdown) decides all the markup.
public indirect enum StatusBlock: Hashable, Sendable {
    case paragraph([StatusInline])
    /// `items`: each list item's own blocks. `start` is the first number of an ordered list.
    case list(ordered: Bool, start: Int, items: [[StatusBlock]])
    case quote([StatusBlock])
    /// Preformatted text, whitespace kept.
    case code(String)
    case rule
}

/// What a paragraph holds: text (whitespace collapsed, references decoded, no control characters),
/// inline code, web links and line breaks.
public enum StatusInline: Hashable, Sendable {
    case text(String)
    case code(String)
    /// An `http(s)` link with its visible text (a link of any other scheme is only text).
    case link(href: String, text: String)
    case lineBreak
}
