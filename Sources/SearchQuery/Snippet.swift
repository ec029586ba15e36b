import Foundation

/// A short excerpt of a status around the first searched word, with the searched words marked.
public struct Snippet: Hashable, Sendable {
    /// The excerpt, on one line.
    public var text: String
    /// Where the searched words are in `text`.
    public var highlights: [Range<String.Index>]

    /// Cuts about `width` characters around the first match of any of `words` (case and accents
    /// ignored, as the index ignores them); the start of the text when nothing matches.
    public init(text full: String, words: [String], width: Int = 160) {
        let flat = full.split(whereSeparator: \.isNewline).joined(separator: " ")
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let first = words.compactMap { flat.range(of: $0, options: options) }.min { $0.lowerBound < $1.lowerBound }
        var start = flat.startIndex
        if let first {
            let lead = flat.distance(from: flat.startIndex, to: first.lowerBound)
            start = flat.index(flat.startIndex, offsetBy: max(0, lead - width / 4))
        }
        let end = flat.index(start, offsetBy: width, limitedBy: flat.endIndex) ?? flat.endIndex
        var excerpt = String(flat[start..<end])
        if start > flat.startIndex { excerpt = "…" + excerpt }
        if end < flat.endIndex { excerpt += "…" }
        text = excerpt
        var ranges: [Range<String.Index>] = []
        for word in words where !word.isEmpty {
            var searchStart = excerpt.startIndex
            while let range = excerpt.range(of: word, options: options, range: searchStart..<excerpt.endIndex) {
                ranges.append(range)
                searchStart = range.upperBound
            }
        }
        highlights = ranges.sorted { $0.lowerBound < $1.lowerBound }
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
