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
                        if r.lowerBound < r.upperBound, b[r.lowerBound] == 0x0D { r = (r.lowerBound + 1)..<r.upperBound }
                        if r.lowerBound < r.upperBound, b[r.lowerBound] == 0x0A { r = (r.lowerBound + 1)..<r.upperBound }
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
                    if let (scalar, length) = Entities.decode(bytes, at: p), length > 0 {
                        self.scalar(scalar)
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

        // MARK: Tags

        mutating func start(_ tag: ElementKind, _ attrs: Attributes, selfClosing: Bool) {
            switch tag {
            case .br:
                w.lineBreak()
                return
            case .hr:
                closeParagraph()
                w.blockBreak(1)
                if mode == .display { w.visible(Self.ruleBytes[...]) }
                w.blockBreak(1)
                return
            case .img:
                // Custom emoji some servers send as images: keep their `:shortcode:` alt text.
                if let alt = attrs.alt {
                    let text = attributeString(alt)
                    if text.count > 2, text.hasPrefix(":"), text.hasSuffix(":"), !text.contains(" ") { plain(text) }
                }
                return
            case .block:
                closeParagraph()
                w.blockBreak(1)
                return
            case .cell:
                w.space()
                return
            case .other:
                return
            default:
                break
            }

            let flags = classFlags(attrs.classValue)
            var entry = Entry(tag: tag)
            switch tag {
            case .p, .div:
                closeParagraph()
                if flags.contains(.quoteInline) {
                    entry.suppresses = true
                    entry.quiet = true
                } else {
                    w.blockBreak(2)
                }
            case .heading:
                closeParagraph()
                if let top = stack.last, top.tag == .heading { popEntry() }
                w.blockBreak(2)
            case .blockquote:
                closeParagraph()
                w.blockBreak(2)
                entry.context = true
            case .pre:
                closeParagraph()
                w.blockBreak(2)
                entry.preserves = true
            case .ul, .ol:
                closeParagraph()
                w.blockBreak(lists.isEmpty ? 2 : 1)
                entry.list = true
            case .li:
                closeParagraph()
                closeListItem()
                w.blockBreak(1)
                entry.context = true
            case .span:
                if flags.contains(.quoteInline) || (mode == .display && flags.contains(.invisible)) {
                    entry.suppresses = true
                }
                entry.ellipsis = mode == .display && flags.contains(.ellipsis)
                entry.hCard = flags.contains(.hCard)
                if flags.contains(.quoteInline) { entry.quiet = true }
            case .a:
                if counts[ElementKind.a.rawValue] > 0 { _ = popTo(.a, stopAt: Self.stopDropped) }
                if mode == .display { entry.captures = startsMention(attrs, flags) }
            case .code:
                entry.preserves = true
            case .dropped:
                entry.suppresses = true
            default:
                return
            }
            push(entry, attrs)
            if tag == .pre { skipNewline = true }
            if selfClosing { end(tag) }
        }

        mutating func end(_ tag: ElementKind) {
            switch tag {
            case .br:
                w.lineBreak()  // `</br>` acts as `<br>`
            case .p:
                if !popTo(.p, stopAt: Self.stopDropped) { w.blockBreak(2) }  // a stray `</p>` still breaks
            case .li:
                _ = popTo(.li, stopAt: Self.stopList)
            case .span, .code:
                _ = popTo(tag, stopAt: Self.stopSpecial)
            case .a:
                _ = popTo(.a, stopAt: Self.stopDropped)
            case .div, .ul, .ol, .blockquote, .pre, .heading:
                _ = popTo(tag, stopAt: Self.stopDropped)
            case .dropped:
                _ = popTo(tag, stopAt: 0)
            case .block:
                w.blockBreak(1)
            case .cell:
                w.space()
            case .hr, .img, .other:
                break
            }
        }

        /// Closes an open paragraph before a block starts, as HTML5 does.
        mutating func closeParagraph() {
            if counts[ElementKind.p.rawValue] > 0 { _ = popTo(.p, stopAt: Self.stopDropped) }
        }

        /// Closes the open list item before a new one starts (stopping at a list or a block boundary).
        mutating func closeListItem() {
            guard counts[ElementKind.li.rawValue] > 0 else { return }
            _ = popTo(.li, stopAt: Self.stopItem)
        }

        /// Pops up to and including the nearest open `tag`, unless one of `stopAt` is met first.
        /// Returns whether it popped.
        static func mask(_ tags: [ElementKind]) -> UInt32 { tags.reduce(0) { $0 | $1.bit } }
        static let stopDropped = mask([.dropped])
        static let stopList = mask([.ul, .ol, .dropped])
        static let stopItem = mask([.ul, .ol, .blockquote, .pre, .heading, .dropped])
        static let stopSpecial = mask([.p, .div, .li, .ul, .ol, .blockquote, .pre, .heading, .dropped])

        mutating func popTo(_ tag: ElementKind, stopAt boundaries: UInt32) -> Bool {
            guard counts[tag.rawValue] > 0 else { return false }
            var k = stack.count - 1
            while k >= 0 {
                let t = stack[k].tag
                if t == tag {
                    while stack.count > k { popEntry() }
                    return true
                }
                if boundaries & t.bit != 0 { return false }
                k -= 1
            }
            return false
        }

        mutating func push(_ entry: Entry, _ attrs: Attributes) {
            guard stack.count < Self.maxDepth else { return }
            if entry.suppresses { w.suppress += 1 }
            if entry.preserves { w.preserve += 1 }
            if entry.hCard { hCardDepth += 1 }
            if entry.captures { w.startCapture() }
            if entry.list {
                var first = 1
                if entry.tag == .ol, let range = attrs.start,
                   let n = Int(attributeString(range).trimmingCharacters(in: .whitespaces)) {
                    first = min(max(n, -1_000_000), 1_000_000)
                }
                lists.append(ListState(ordered: entry.tag == .ol, next: first))
            }
            if entry.context {
                if entry.tag == .blockquote {
                    w.pushContext(.quote)
                } else {
                    var marker = Self.bulletBytes
                    var width = 2
                    if let last = lists.indices.last, lists[last].ordered {
                        let label = "\(lists[last].next). "
                        marker = Array(label.utf8)
                        width = marker.count
                        lists[last].next += 1
                    }
                    w.pushContext(.item(marker: marker, width: width, pending: true))
                }
            }
            counts[entry.tag.rawValue] += 1
            stack.append(entry)
        }

        mutating func popEntry() {
            guard let entry = stack.popLast() else { return }
            counts[entry.tag.rawValue] -= 1
            if entry.suppresses { w.suppress -= 1 }
            if entry.preserves { w.preserve -= 1 }
            if entry.hCard { hCardDepth -= 1 }
            if entry.ellipsis { w.visible(Self.ellipsisBytes[...]) }
            if entry.captures { finishMention() }
            if entry.context { w.popContext() }
            if entry.list { _ = lists.popLast() }
            if entry.quiet { return }
            switch entry.tag {
            case .p, .div, .heading, .blockquote, .pre:
                w.blockBreak(2)
            case .li:
                w.blockBreak(1)
            case .ul, .ol:
                w.blockBreak(lists.isEmpty ? 2 : 1)
            default:
                break
            }
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
