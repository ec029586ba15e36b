import ArchiveCore
import Foundation
import Models
import SearchQuery

/// A status in a list (search results, a profile, a hashtag) as printed: the stable fields scripts
/// use (`--json`), plus a snippet of the text that shows why it matched.
public struct SearchResult: Encodable, Sendable {
    public var hit: SearchHit
    public var snippet: Snippet

    public init(hit: SearchHit, snippet: Snippet) {
        self.hit = hit
        self.snippet = snippet
    }

    /// A hit with the snippet cut around `words` (see `snippet(_:words:)`).
    public init(hit: SearchHit, words: [String]) {
        self.init(hit: hit, snippet: Self.snippet(hit, words: words))
    }

    /// The fields of `--json`, `--jsonl` and `--csv`, in their order (sorted by name).
    public static var fieldNames: [String] { CodingKeys.allCases.map(\.stringValue).sorted() }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case number, uri, url, id, acct
        case createdAt = "created_at"
        case text, snippet, rank, timelines, language
        case authorName = "author_name"
        case spoilerText = "spoiler_text"
        case goneAt = "gone_at"
        case redactedAt = "redacted_at"
        case fromFile = "from_file"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(hit.number, forKey: .number)
        try c.encode(hit.uri, forKey: .uri)
        try c.encode(hit.url, forKey: .url)
        try c.encode(hit.id, forKey: .id)
        try c.encode(hit.acct, forKey: .acct)
        try c.encode(hit.authorName, forKey: .authorName)
        try c.encode(hit.createdAt, forKey: .createdAt)
        try c.encode(hit.text, forKey: .text)
        try c.encode(hit.spoilerText, forKey: .spoilerText)
        try c.encode(snippet.text, forKey: .snippet)
        try c.encode(hit.rank, forKey: .rank)
        try c.encode(hit.timelines, forKey: .timelines)
        try c.encode(hit.language, forKey: .language)
        try c.encode(hit.goneAt, forKey: .goneAt)
        try c.encode(hit.redactedAt, forKey: .redactedAt)
        try c.encode(hit.fromFile, forKey: .fromFile)
    }

    /// A snippet from the text, or from the content warning or media descriptions when the searched
    /// words are there, so a person sees why a status matched. Cut from terminal-safe text, so colour
    /// codes added later are the only control sequences in it.
    public static func snippet(_ hit: SearchHit, words: [String]) -> Snippet {
        let sources = [("", hit.listedText), ("CW: ", hit.spoilerText), ("alt: ", hit.altText)]
        for (label, text) in sources {
            let snippet = Snippet(text: label + text.terminalSafe, words: words)
            if snippet.matched { return snippet }
        }
        return Snippet(text: hit.listedText.terminalSafe, words: words)
    }

    /// Three terminal-safe lines: number, author and date (and its marks, see `SearchHit.marks`); the
    /// snippet; the link. `colour` adds bold numbers and highlighted words.
    public func listing(colour: Bool) -> String {
        let marked = colour ? snippet.marked(before: "\u{1B}[1;33m", after: "\u{1B}[0m") : snippet.text
        let date = String(hit.createdAt.prefix(16)).replacing(every: "T", with: " ")
        let warning = hit.spoilerText.isEmpty ? "" : "  [CW: \(hit.spoilerText.terminalSafe)]"
        let number = colour ? "\u{1B}[1m[\(hit.number)]\u{1B}[0m" : "[\(hit.number)]"
        return "\(number) @\(hit.acct.terminalSafe) · \(date) UTC\(hit.marks)\(warning)\n    \(marked)\n"
            + "    \((hit.url ?? hit.uri).terminalSafe)"
    }

    /// The line after a page of results on a terminal: "20 of 526 (newest first; --limit/--offset for
    /// more)", "21–40 of 526 (…)" for a later page, "3 of 3 (newest first)" when all are shown.
    public static func closingLine(shown: Range<Int>, of total: Int, sort: SearchSort, colour: Bool) -> String {
        let order =
            switch sort {
            case .newest: "newest first"
            case .oldest: "oldest first"
            case .relevance: "best match first"
            }
        let range = shown.lowerBound == 0 ? "\(shown.count)" : "\(shown.lowerBound + 1)–\(shown.upperBound)"
        let more = shown.lowerBound > 0 || shown.upperBound < total ? "; --limit/--offset for more" : ""
        let line = "\(range) of \(total) (\(order)\(more))"
        return colour ? "\u{1B}[2m\(line)\u{1B}[0m" : line
    }
}
