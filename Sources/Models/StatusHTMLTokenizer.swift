import Foundation

// A small, forgiving HTML tokenizer for status content, modelled loosely on the HTML5 tokenizer.
// It works on the UTF-8 bytes of the input. Every delimiter it looks for is ASCII, so a text range
// never splits a multi-byte UTF-8 sequence. Every byte read is bounds-checked, and every search
// for a delimiter is cached, so the tokenizer is linear even on hostile input.

extension StatusHTML {
    /// The element kinds the converter treats differently. Everything else is `.other` and is ignored.
    enum ElementKind: Int, CaseIterable {
        case p, br, div, span, a, li, ul, ol, blockquote, pre, code, hr, img
        /// `h1`–`h6`.
        case heading
        /// Other block-level elements: a line break before and after, nothing else.
        case block
        /// `td`, `th`: a space between cells.
        case cell
        /// Elements whose whole content is dropped but whose content is still parsed as HTML (`svg`, `math`, …).
        case dropped
        case other

        /// This tag as a bit in a set of tags.
        var bit: UInt32 { 1 << UInt32(rawValue) }

        init(name: String) {
            switch name {
            case "p": self = .p
            case "br": self = .br
            case "div": self = .div
            case "span": self = .span
            case "a": self = .a
            case "li": self = .li
            case "ul", "menu", "dir": self = .ul
            case "ol": self = .ol
            case "blockquote": self = .blockquote
            case "pre", "listing": self = .pre
            case "code", "kbd", "samp", "tt": self = .code
            case "hr": self = .hr
            case "img": self = .img
            case "h1", "h2", "h3", "h4", "h5", "h6": self = .heading
            case "section", "article", "header", "footer", "aside", "nav", "main", "figure", "figcaption",
                "address", "details", "summary", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr",
                "caption", "center", "fieldset", "form", "hgroup", "legend", "search":
                self = .block
            case "td", "th": self = .cell
            case "svg", "math", "template", "head", "object", "select", "canvas", "audio", "video":
                self = .dropped
            default: self = .other
            }
        }
    }

    /// The few attributes the converter reads, as byte ranges into the input (values still entity-encoded).
    /// A present attribute without a value has an empty range. The first occurrence of a name wins.
    struct Attributes {
        var classValue: Range<Int>?
        var href: Range<Int>?
        var rel: Range<Int>?
        var start: Range<Int>?
        var alt: Range<Int>?
    }

    enum Token {
        case text(Range<Int>)
        case start(ElementKind, Attributes, selfClosing: Bool)
        case end(ElementKind)
    }

    /// Finds the next occurrence of one byte, remembering the last answer so repeated searches stay linear.
    struct ByteFinder {
        let byte: UInt8
        private var searchedFrom = Int.max
        private var found = -1
        private var noneFrom = Int.max

        init(_ byte: UInt8) { self.byte = byte }

        mutating func find(from start: Int, in b: [UInt8]) -> Int? {
            let from = max(start, 0)
            if from >= noneFrom { return nil }
            if searchedFrom <= from && found >= from { return found }
            var p = from
            while p < b.count {
                if b[p] == byte {
                    searchedFrom = from
                    found = p
                    return p
                }
                p += 1
            }
            noneFrom = from
            return nil
        }
    }

    struct Tokenizer {
        private let b: [UInt8]
        private var i = 0
        private var gt = ByteFinder(UInt8(ascii: ">"))
        private var dquote = ByteFinder(UInt8(ascii: "\""))
        private var squote = ByteFinder(UInt8(ascii: "'"))

        init(_ bytes: [UInt8]) { b = bytes }

        /// The byte at `p`, or 0 past either end.
        @inline(__always) private func at(_ p: Int) -> UInt8 {
            p >= 0 && p < b.count ? b[p] : 0
        }

        @inline(__always) static func isSpace(_ c: UInt8) -> Bool {
            c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D
        }

        @inline(__always) static func isLetter(_ c: UInt8) -> Bool {
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        }

        @inline(__always) static func lower(_ c: UInt8) -> UInt8 {
            c >= 0x41 && c <= 0x5A ? c + 0x20 : c
        }

        /// The next token, or nil at the end of the input. Comments, doctypes, processing instructions
        /// and raw-text elements (`script`, `style`, …) are skipped entirely.
        mutating func next() -> Token? {
            while i < b.count {
                if b[i] != UInt8(ascii: "<") || !startsMarkup(i) {
                    return .text(scanText())
                }
                if let token = markup() { return token }
            }
            return nil
        }

        /// Text runs to the next `<` that starts markup; a `<` that does not is ordinary text.
        private mutating func scanText() -> Range<Int> {
            let start = i
            var p = i + 1
            while p < b.count {
                if b[p] == UInt8(ascii: "<") && startsMarkup(p) { break }
                p += 1
            }
            i = p
            return start..<p
        }

        /// Whether the `<` at `p` starts a tag, an end tag, a comment or a bogus comment.
        private mutating func startsMarkup(_ p: Int) -> Bool {
            let c = at(p + 1)
            if Self.isLetter(c) { return true }
            if c == UInt8(ascii: "!") {
                if at(p + 2) == UInt8(ascii: "-") && at(p + 3) == UInt8(ascii: "-") { return true }
                return gt.find(from: p + 2, in: b) != nil
            }
            if c == UInt8(ascii: "/") {
                if Self.isLetter(at(p + 2)) || at(p + 2) == UInt8(ascii: ">") { return true }
                return gt.find(from: p + 2, in: b) != nil
            }
            if c == UInt8(ascii: "?") { return gt.find(from: p + 2, in: b) != nil }
            return false
        }

        /// Consumes the markup at `i` (known to start markup). Returns a token, or nil when it was skipped.
        private mutating func markup() -> Token? {
            let c = at(i + 1)
            if Self.isLetter(c) { return startTag() }
            if c == UInt8(ascii: "/") {
                if Self.isLetter(at(i + 2)) { return endTag() }
                if at(i + 2) == UInt8(ascii: ">") {
                    i += 3
                    return nil
                }  // `</>` is ignored
                skipBogusComment(from: i + 2)
                return nil
            }
            if c == UInt8(ascii: "!") && at(i + 2) == UInt8(ascii: "-") && at(i + 3) == UInt8(ascii: "-") {
                skipComment()
                return nil
            }
            skipBogusComment(from: i + 2)
            return nil
        }

        private mutating func skipBogusComment(from p: Int) {
            if let close = gt.find(from: p, in: b) { i = close + 1 } else { i = b.count }
        }

        /// `<!-- … -->`; also `<!-->`, `<!--->` and `--!>`. An unterminated comment runs to the end.
        private mutating func skipComment() {
            var p = i + 4
            if at(p) == UInt8(ascii: ">") {
                i = p + 1
                return
            }
            if at(p) == UInt8(ascii: "-") && at(p + 1) == UInt8(ascii: ">") {
                i = p + 2
                return
            }
            while p < b.count {
                if b[p] == UInt8(ascii: "-") && at(p + 1) == UInt8(ascii: "-") {
                    if at(p + 2) == UInt8(ascii: ">") {
                        i = p + 3
                        return
                    }
                    if at(p + 2) == UInt8(ascii: "!") && at(p + 3) == UInt8(ascii: ">") {
                        i = p + 4
                        return
                    }
                }
                p += 1
            }
            i = b.count
        }

        private func tagName(_ r: Range<Int>) -> String {
            var name = String(decoding: b[r], as: UTF8.self)
            if b[r].contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { name = name.lowercased() }
            return name
        }

        /// Whether `b[r]` equals the lowercase ASCII `name`, ignoring ASCII case.
        private func nameEquals(_ r: Range<Int>, _ name: StaticString) -> Bool {
            guard r.count == name.utf8CodeUnitCount else { return false }
            var p = r.lowerBound
            for k in 0..<name.utf8CodeUnitCount {
                if Self.lower(at(p)) != name.utf8Start[k] { return false }
                p += 1
            }
            return true
        }

        private mutating func startTag() -> Token? {
            var p = i + 1
            let nameStart = p
            while p < b.count, !Self.isSpace(b[p]), b[p] != UInt8(ascii: "/"), b[p] != UInt8(ascii: ">") { p += 1 }
            let nameRange = nameStart..<p
            var attrs = Attributes()
            var selfClosing = false
            while true {
                guard p < b.count else {
                    i = b.count  // a tag cut off by the end of the input is dropped, as in HTML5
                    return nil
                }
                let c = b[p]
                if c == UInt8(ascii: ">") {
                    p += 1
                    break
                }
                if Self.isSpace(c) {
                    p += 1
                    continue
                }
                if c == UInt8(ascii: "/") {
                    p += 1
                    selfClosing = at(p) == UInt8(ascii: ">")
                    continue
                }
                selfClosing = false
                let attrStart = p
                p += 1  // the first character may be anything, even `=` or a quote
                while p < b.count, !Self.isSpace(b[p]), b[p] != UInt8(ascii: "/"), b[p] != UInt8(ascii: ">"),
                    b[p] != UInt8(ascii: "=")
                { p += 1 }
                let attrName = attrStart..<p
                while p < b.count, Self.isSpace(b[p]) { p += 1 }
                var value = p..<p
                if at(p) == UInt8(ascii: "=") {
                    p += 1
                    while p < b.count, Self.isSpace(b[p]) { p += 1 }
                    guard p < b.count else {
                        i = b.count
                        return nil
                    }
                    let q = b[p]
                    if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                        let close =
                            q == UInt8(ascii: "\"")
                            ? dquote.find(from: p + 1, in: b) : squote.find(from: p + 1, in: b)
                        if let close {
                            value = (p + 1)..<close
                            p = close + 1
                        } else if let end = gt.find(from: p + 1, in: b) {
                            // An unterminated quote: end the value (and the tag) at the next `>`
                            // instead of swallowing the rest of the post.
                            value = (p + 1)..<end
                            p = end
                        } else {
                            i = b.count
                            return nil
                        }
                    } else if q != UInt8(ascii: ">") {
                        let valueStart = p
                        while p < b.count, !Self.isSpace(b[p]), b[p] != UInt8(ascii: ">") { p += 1 }
                        value = valueStart..<p
                    }
                }
                if nameEquals(attrName, "class") {
                    if attrs.classValue == nil { attrs.classValue = value }
                } else if nameEquals(attrName, "href") {
                    if attrs.href == nil { attrs.href = value }
                } else if nameEquals(attrName, "rel") {
                    if attrs.rel == nil { attrs.rel = value }
                } else if nameEquals(attrName, "start") {
                    if attrs.start == nil { attrs.start = value }
                } else if nameEquals(attrName, "alt") {
                    if attrs.alt == nil { attrs.alt = value }
                }
            }
            i = p
            let name = tagName(nameRange)
            switch name {
            case "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "title", "textarea":
                skipRawText(named: nameRange)
                return nil
            case "plaintext":
                i = b.count
                return nil
            default:
                return .start(ElementKind(name: name), attrs, selfClosing: selfClosing)
            }
        }

        /// Skips a raw-text element's content up to and including its end tag (or to the end of the input).
        private mutating func skipRawText(named name: Range<Int>) {
            var p = i
            while p < b.count {
                if b[p] == UInt8(ascii: "<") && at(p + 1) == UInt8(ascii: "/") {
                    var matches = true
                    var k = 0
                    for n in name {
                        if Self.lower(at(p + 2 + k)) != Self.lower(at(n)) {
                            matches = false
                            break
                        }
                        k += 1
                    }
                    let after = at(p + 2 + name.count)
                    if matches && (Self.isSpace(after) || after == UInt8(ascii: "/") || after == UInt8(ascii: ">")) {
                        if let close = gt.find(from: p + 2 + name.count, in: b) { i = close + 1 } else { i = b.count }
                        return
                    }
                }
                p += 1
            }
            i = b.count
        }

        private mutating func endTag() -> Token? {
            var p = i + 2
            let nameStart = p
            while p < b.count, !Self.isSpace(b[p]), b[p] != UInt8(ascii: "/"), b[p] != UInt8(ascii: ">") { p += 1 }
            let nameRange = nameStart..<p
            guard let close = gt.find(from: p, in: b) else {
                i = b.count
                return nil
            }
            i = close + 1
            return .end(ElementKind(name: tagName(nameRange)))
        }
    }
}
