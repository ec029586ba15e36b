import Foundation

// One walk over the tokens, two renderings. The renderer keeps a small stack of the open elements that
// matter (paragraphs, spans, links, lists, quotes, preformatted text) and tells the Writer what to emit.
// The Writer owns whitespace: it collapses runs of whitespace outside `pre`/`code`, turns block
// boundaries into pending line breaks (emitted only when more text follows, so nothing trails), writes
// the display line prefixes ("> ", "• ", "1. ") and drops control characters.

extension StatusHTML {
    enum Mode { case index, display }

    /// A line-prefix context, outermost first.
    enum LineContext {
        case quote
        /// A list item: its marker ("• ", "3. "), the marker's width in columns, and whether the
        /// marker still has to be written (on the item's first line).
        case item(marker: [UInt8], width: Int, pending: Bool)
    }

    struct Renderer {
        /// An open element, with the effects it applied when it was pushed.
        struct Entry {
            var tag: ElementKind
            var suppresses = false
            var preserves = false
            var ellipsis = false
            var hCard = false
            var captures = false
            var context = false
            var list = false
            /// A `quote-inline` block: no line breaks around it.
            var quiet = false
        }

        struct ListState {
            var ordered: Bool
            var next: Int
        }

        struct ClassFlags: OptionSet {
            let rawValue: UInt8
            static let invisible = ClassFlags(rawValue: 1 << 0)
            static let ellipsis = ClassFlags(rawValue: 1 << 1)
            static let quoteInline = ClassFlags(rawValue: 1 << 2)
            static let mention = ClassFlags(rawValue: 1 << 3)
            static let hashtag = ClassFlags(rawValue: 1 << 4)
            static let uURL = ClassFlags(rawValue: 1 << 5)
            static let hCard = ClassFlags(rawValue: 1 << 6)
        }

        /// Deeper nesting than this is not tracked (pathological input); it keeps every stack search bounded.
        static let maxDepth = 200
        static let ellipsisBytes: [UInt8] = Array("…".utf8)
        static let bulletBytes: [UInt8] = Array("• ".utf8)
        static let ruleBytes: [UInt8] = Array(String(repeating: "―", count: 10).utf8)

        let mode: Mode
        let b: [UInt8]
        let mentions: [Mention]
        var w: Writer
        var stack: [Entry] = []
        var counts = [Int](repeating: 0, count: ElementKind.allCases.count)
        var lists: [ListState] = []
        var hCardDepth = 0
        /// The mention matched by href for the link being captured, if any.
        var captureMention: Mention?
        /// Set right after `<pre>`: a newline that starts its content is not part of it (HTML5).
        var skipNewline = false

        init(_ html: String, mode: Mode, mentions: [Mention]) {
            self.mode = mode
            self.b = Array(html.utf8)
            self.mentions = mentions
            self.w = Writer(display: mode == .display)
        }

        static func render(_ html: String, mode: Mode, mentions: [Mention]) -> String {
            var renderer = Renderer(html, mode: mode, mentions: mentions)
            return renderer.run()
        }

        mutating func run() -> String {
            var tokenizer = Tokenizer(b)
            while let token = tokenizer.next() {
                switch token {
                case .text(let range):
                    var r = range
                    if skipNewline {
                        if r.lowerBound < r.upperBound, b[r.lowerBound] == 0x0D {
                            r = (r.lowerBound + 1)..<r.upperBound
                        }
                        if r.lowerBound < r.upperBound, b[r.lowerBound] == 0x0A {
                            r = (r.lowerBound + 1)..<r.upperBound
                        }
                    }
                    skipNewline = false
                    text(b, r, decode: true)
                case .start(let tag, let attrs, let selfClosing):
                    skipNewline = false
                    start(tag, attrs, selfClosing: selfClosing)
                case .end(let tag):
                    skipNewline = false
                    end(tag)
                }
            }
            while !stack.isEmpty { popEntry() }
            return Self.trimmed(w.out)
        }

        // MARK: Text

        /// Writes text, decoding references when `decode`, collapsing or keeping whitespace and
        /// dropping control characters (C0 except whitespace, DEL, C1).
        mutating func text(_ bytes: [UInt8], _ range: Range<Int>, decode: Bool) {
            let end = min(range.upperBound, bytes.count)
            var p = max(range.lowerBound, 0)
            while p < end {
                // A run of ordinary bytes: everything but `&`, ASCII controls/whitespace, DEL and 0xC2
                // (the lead byte of C1 controls and of U+00A0).
                let runStart = p
                while p < end {
                    let c = bytes[p]
                    if c <= 0x20 || c == 0x7F || c == 0xC2 || (decode && c == UInt8(ascii: "&")) { break }
                    p += 1
                }
                if p > runStart { w.visible(bytes[runStart..<p]) }
                guard p < end else { break }
                let c = bytes[p]
                if c == UInt8(ascii: "&") {
                    if let (scalar, second, length) = Entities.decode(bytes, at: p), length > 0 {
                        self.scalar(scalar)
                        if let second { self.scalar(second) }
                        p += length
                    } else {
                        w.visible(byte: c)
                        p += 1
                    }
                } else if c == 0xC2 {
                    let next: UInt8 = p + 1 < end ? bytes[p + 1] : 0
                    if next >= 0x80 && next <= 0x9F {
                        p += 2  // a C1 control
                    } else if next >= 0xA0 && next <= 0xBF {
                        w.visible(bytes[p..<(p + 2)])
                        p += 2
                    } else {
                        p += 1  // not valid UTF-8; cannot happen for a Swift String
                    }
                } else if c == 0x0D && w.preserve > 0 {
                    w.lineBreak()
                    p += (p + 1 < end && bytes[p + 1] == 0x0A) ? 2 : 1
                } else {
                    ascii(c)
                    p += 1
                }
            }
        }

        /// An ASCII whitespace or control byte (or any ASCII byte from a reference).
        mutating func ascii(_ c: UInt8) {
            switch c {
            case 0x20, 0x09, 0x0C:
                if w.preserve > 0 { w.visible(byte: c == 0x0C ? 0x20 : c) } else { w.space() }
            case 0x0A, 0x0D:
                if w.preserve > 0 { w.lineBreak() } else { w.space() }
            case 0x00..<0x20, 0x7F:
                break
            default:
                w.visible(byte: c)
            }
        }

        /// A decoded character reference.
        mutating func scalar(_ value: UInt32) {
            if value < 0x80 {
                ascii(UInt8(value))
                return
            }
            if value <= 0x9F { return }  // C1 control
            guard let scalar = Unicode.Scalar(value) else { return }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(4)
            UTF8.encode(scalar) { buffer.append($0) }
            w.visible(buffer[...])
        }

        /// Writes a string of our own making (a mention, an alt text) with the same sanitising.
        mutating func plain(_ string: String) {
            let bytes = Array(string.utf8)
            text(bytes, 0..<bytes.count, decode: false)
        }

        // MARK: Output

        /// The output without leading or trailing whitespace (ASCII whitespace and U+00A0).
        static func trimmed(_ bytes: [UInt8]) -> String {
            var lower = 0
            var upper = bytes.count
            while lower < upper {
                let c = bytes[lower]
                if c == 0x20 || c == 0x0A || c == 0x09 {
                    lower += 1
                } else if c == 0xC2, lower + 1 < upper, bytes[lower + 1] == 0xA0 {
                    lower += 2
                } else {
                    break
                }
            }
            while upper > lower {
                let c = bytes[upper - 1]
                if c == 0x20 || c == 0x0A || c == 0x09 {
                    upper -= 1
                } else if c == 0xA0, upper - 2 >= lower, bytes[upper - 2] == 0xC2 {
                    upper -= 2
                } else {
                    break
                }
            }
            return String(decoding: bytes[lower..<upper], as: UTF8.self)
        }
    }
}
