import Foundation

/// A short excerpt of a status around the first searched word, with the searched words marked.
public struct Snippet: Hashable, Sendable {
    /// The excerpt, on one line.
    public var text: String
    /// The searched words.
    public var words: [String]
    /// Whether any of them is in the text (the excerpt is then cut around the first).
    public var matched: Bool

    private static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    /// Where the searched words are in `text`. Found when asked, not before: a listing without colour
    /// (a pipe, `NO_COLOR`) never asks, and a one-shot search saves the searches through Foundation.
    public var highlights: [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        for word in words where !word.isEmpty {
            var searchStart = text.startIndex
            while let range = text.range(of: word, options: Self.options, range: searchStart..<text.endIndex) {
                ranges.append(range)
                searchStart = range.upperBound
            }
        }
        return ranges.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Cuts about `width` characters around the first match of any of `words` (case and accents
    /// ignored, as the index ignores them); the start of the text when nothing matches. The cut falls
    /// between words: a word at either edge is kept whole, or left out when it is very long (a URL).
    public init(text full: String, words: [String], width: Int = 160) {
        let flat = Self.oneLine(full)
        let first = words.compactMap { flat.range(of: $0, options: Self.options) }.min { $0.lowerBound < $1.lowerBound }
        var start = flat.startIndex
        if let first {
            let lead = flat.distance(from: flat.startIndex, to: first.lowerBound)
            start = flat.index(flat.startIndex, offsetBy: max(0, lead - width / 4))
            start = Self.wordStart(flat, at: start, notAfter: first.lowerBound)
        }
        var end = flat.index(start, offsetBy: width, limitedBy: flat.endIndex) ?? flat.endIndex
        end = Self.wordEnd(flat, at: end, notBefore: first?.upperBound ?? start)
        var excerpt = String(flat[start..<end])
        if start > flat.startIndex { excerpt = "…" + excerpt }
        if end < flat.endIndex { excerpt += "…" }
        text = excerpt
        self.words = words
        matched = first != nil
    }

    /// `text` with each run of line breaks made one space; the text itself when it has none (looked for
    /// by byte: CR, LF, VT, FF and the lead bytes of NEL, LS and PS).
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// How far a cut may move to keep a word whole.
    static let slack = 20

    /// `index` moved back to the start of the word it falls in (or on to the next word when that word
    /// is longer than `slack`), never past `limit`.
    static func wordStart(_ text: String, at index: String.Index, notAfter limit: String.Index) -> String.Index {
        guard index > text.startIndex, !text[text.index(before: index)].isWhitespace else { return index }
        var back = index
        for _ in 0..<slack {
            guard back > text.startIndex else { return back }
            if text[text.index(before: back)].isWhitespace { return back }
            back = text.index(before: back)
        }
        if back == text.startIndex { return back }
        // A very long word: start after it instead, when that does not pass the match.
        let after = text[index...].firstIndex(where: \.isWhitespace).map { text.index(after: $0) } ?? index
        return after <= limit ? after : index
    }

    /// `index` (an exclusive end) moved back to the end of the last whole word before it (or on to the
    /// end of the word when no word ends within `slack`), never before `limit`.
    static func wordEnd(_ text: String, at index: String.Index, notBefore limit: String.Index) -> String.Index {
        guard index < text.endIndex, index > text.startIndex, !text[index].isWhitespace,
            !text[text.index(before: index)].isWhitespace
        else { return index }
        var back = index
        for _ in 0..<slack {
            back = text.index(before: back)
            if back <= limit { break }
            if text[back].isWhitespace { return back }
        }
        var forward = index
        for _ in 0..<slack {
            guard forward < text.endIndex, !text[forward].isWhitespace else { return forward }
            forward = text.index(after: forward)
        }
        return index
    }

    /// The excerpt with each highlight wrapped in `before` and `after` (ANSI colour, `**`, nothing).
    public func marked(before: String, after: String) -> String {
        var result = ""
        var cursor = text.startIndex
        for range in highlights where range.lowerBound >= cursor {
            result += text[cursor..<range.lowerBound] + before + text[range] + after
            cursor = range.upperBound
        }
        return result + text[cursor...]
    }
}
