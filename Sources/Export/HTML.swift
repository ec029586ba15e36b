import Foundation
import Models

/// Markup for a page: what the export's `index.html` and `icebox serve`'s pages are made of.
///
/// Text enters it escaped. A `String` or `Substring` interpolated into an `HTML` literal is escaped for
/// HTML content and double- or single-quoted attributes, so a server's text (a display name, a list's
/// title, a bio, a hashtag, a URL) cannot become markup by someone forgetting to escape it:
///
/// ```swift
/// let name = "<b>Alice</b>"
/// let html: HTML = "<span class=\"name\">\(name)</span>"  // <span class="name">&lt;b&gt;Alice&lt;/b&gt;</span>
/// ```
///
/// A literal's own parts are markup (they are written in the source, not received), and so is another
/// `HTML` value interpolated into it, which is not escaped twice. Markup from anywhere else (a stylesheet
/// constant) enters only through ``init(trusted:)``, named so that each use can be found and checked.
public struct HTML: Sendable, Hashable {
    /// The markup, ready to be sent or written.
    public fileprivate(set) var markup: String

    /// No markup.
    public init() { markup = "" }

    /// Markup taken as it is, unescaped: only for text that is not from a server or a file and cannot
    /// close the element it is put in (the page's own stylesheet). Say at each use why it is safe;
    /// `Tests/ArchitectureTests` lists the only files that may call it.
    public init(trusted markup: String) { self.markup = markup }

    /// Whether there is no markup at all.
    public var isEmpty: Bool { markup.isEmpty }

    /// The markup as UTF-8 bytes, as a page is sent and written.
    public var data: Data { Data(markup.utf8) }

    /// Appends `text` to `markup`, safe in HTML content and in quoted attributes: `&`, `<`, `>`, `"` and
    /// `'` as entities; control characters dropped, and so are bidirectional controls (`isHiddenControl`),
    /// as the terminal, Markdown and CSV drop them. Dropped rather than isolated with `<bdi>`: an isolate
    /// only fences text off from its neighbours, while an override inside it still reverses what it
    /// covers (`exe.png` reads `gnp.exe`); and attributes (`alt`, `title`) can hold no element.
    static func escape(_ text: some StringProtocol, into markup: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": markup += "&amp;"
            case "<": markup += "&lt;"
            case ">": markup += "&gt;"
            case "\"": markup += "&quot;"
            case "'": markup += "&#39;"
            case _
            where (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
                || scalar.isHiddenControl:
                continue
            default: markup.unicodeScalars.append(scalar)
            }
        }
    }

    /// Appends markup to this (the interpolation's and the joining's one way in).
    mutating func append(_ other: HTML) { markup += other.markup }
}

extension HTML: ExpressibleByStringInterpolation {
    /// A literal with no interpolation: markup written in the source.
    public init(stringLiteral markup: String) { self.markup = markup }

    /// A literal with interpolations: its own parts as markup, each interpolated text escaped.
    public init(stringInterpolation: StringInterpolation) { self = stringInterpolation.html }

    /// Builds an `HTML` literal: the literal's parts are markup; a `String`, `Substring` or integer is
    /// escaped (an integer has nothing to escape); an `HTML` value is markup already and goes in as it is.
    /// Nothing else can be interpolated, so an optional or a value's `description` must be turned into
    /// text on purpose first.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var html = HTML()

        /// Room for the literal's parts; the interpolations grow it as they need.
        public init(literalCapacity: Int, interpolationCount: Int) {
            html.markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// A part of the literal: markup written in the source.
        public mutating func appendLiteral(_ literal: String) { html.markup += literal }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: String) { HTML.escape(text, into: &html.markup) }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: Substring) { HTML.escape(text, into: &html.markup) }

        /// A number, in decimal digits.
        public mutating func appendInterpolation(_ number: some BinaryInteger) { html.markup += String(number) }

        /// Markup, unescaped: it was escaped when it was made.
        public mutating func appendInterpolation(_ markup: HTML) { html.append(markup) }
    }
}
