import Foundation

extension StatusHTML {
    /// The structure of a status's HTML: paragraphs (`p`, `div`, headings), lists (`ul`, `ol` with its
    /// `start`, `li`), `blockquote`, `pre`, inline `code`, `br`, `hr` and `http(s)` links. Text is read
    /// as ``displayText(_:mentions:)`` reads it (invisible URL parts dropped, `…` after an ellipsis span,
    /// quote fallbacks and embedded content dropped); any other element gives only its text. Unclosed
    /// elements are closed, stray end tags ignored, nesting is bounded.
    ///
    /// Example: `<p>a<br>b</p><ul><li>x</li></ul>` →
    /// `[.paragraph([.text("a"), .lineBreak, .text("b")]), .list(ordered: false, start: 1, items: [[.paragraph([.text("x")])]])]`.
    public static func blocks(_ html: String) -> [StatusBlock] {
        var builder = BlockBuilder(html)
        return builder.run()
    }
}

/// One pass over the tokens, keeping a stack of open containers (quotes, lists, items) and the
/// paragraph being filled.
struct BlockBuilder {
    enum Container {
        case root, quote
        case list(ordered: Bool, start: Int)
        case item
    }

    struct Frame {
        var container: Container
        var blocks: [StatusBlock] = []
        var items: [[StatusBlock]] = []
    }

    static let maxDepth = 64

    let renderer: StatusHTML.Renderer
    var b: [UInt8] { renderer.b }
    var frames = [Frame(container: .root)]
    var inline: [StatusInline] = []
    var pre: [UInt8]?
    var code: [UInt8]?
    var link: (href: String, text: [UInt8])?
    /// Open elements whose text is dropped (`span.invisible`, quote fallbacks, `svg`…), and ellipsis spans.
    var suppressed: [StatusHTML.ElementKind] = []
    var ellipses: [Int] = []
    var spanDepth = 0

    init(_ html: String) { renderer = StatusHTML.Renderer(html, mode: .display, mentions: []) }

    mutating func run() -> [StatusBlock] {
        var tokenizer = StatusHTML.Tokenizer(b)
        while let token = tokenizer.next() {
            switch token {
            case .text(let range): text(range)
            case .start(let tag, let attributes, let selfClosing): start(tag, attributes, selfClosing: selfClosing)
            case .end(let tag): end(tag)
            }
        }
        finishPre()
        while frames.count > 1 { closeFrame() }
        flushParagraph()
        return frames[0].blocks
    }

    // MARK: Text

    mutating func text(_ range: Range<Int>) {
        guard suppressed.isEmpty else { return }
        let bytes = decoded(range)
        if pre != nil {
            pre?.append(contentsOf: bytes)
        } else {
            text(bytes)
        }
    }

    mutating func appendText(_ bytes: [UInt8]) {
        if case .text(let previous)? = inline.last {
            inline[inline.count - 1] = .text(previous + String(decoding: bytes, as: UTF8.self))
        } else {
            inline.append(.text(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// The bytes of `range` with references decoded and control characters (other than whitespace) dropped.
    func decoded(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        var p = max(range.lowerBound, 0)
        let end = min(range.upperBound, b.count)
        out.reserveCapacity(end - p)
        func scalar(_ value: UInt32) {
            guard value >= 0x20 || value == 0x0A || value == 0x09, value != 0x7F, !(0x80...0x9F).contains(value),
                let scalar = Unicode.Scalar(value)
            else { return }
            UTF8.encode(scalar) { out.append($0) }
        }
        while p < end {
            let c = b[p]
            if c == UInt8(ascii: "&"), let (first, second, length) = StatusHTML.Entities.decode(b, at: p), length > 0 {
                scalar(first)
                if let second { scalar(second) }
                p += length
            } else if c == 0xC2, p + 1 < end, (0x80...0x9F).contains(b[p + 1]) {
                p += 2  // a C1 control
            } else {
                if c >= 0x20 && c != 0x7F || c == 0x0A || c == 0x09 {
                    out.append(c)
                } else if c == 0x0D {
                    out.append(0x0A)
                }
                p += 1
            }
        }
        return out
    }

    // MARK: Paragraphs and containers

    /// Ends the paragraph being filled: whitespace collapsed, trimmed at its edges and around breaks.
    mutating func flushParagraph() {
        finishLink()
        var cleaned: [StatusInline] = []
        for piece in inline {
            switch piece {
            case .text(let text):
                let collapsed = Self.collapsed(text)
                if case .text(let previous)? = cleaned.last {
                    cleaned[cleaned.count - 1] = .text(Self.collapsed(previous + collapsed))
                } else if !collapsed.isEmpty {
                    cleaned.append(.text(collapsed))
                }
            default: cleaned.append(piece)
            }
        }
        inline = []
        // Trim spaces at the edges of the paragraph and of each line.
        for index in cleaned.indices {
            guard case .text(var text) = cleaned[index] else { continue }
            if index == 0 || cleaned[index - 1] == .lineBreak { text = String(text.drop { $0 == " " }) }
            if index == cleaned.count - 1 || cleaned[index + 1] == .lineBreak {
                while text.last == " " { text.removeLast() }
            }
            cleaned[index] = .text(text)
        }
        cleaned.removeAll { $0 == .text("") }
        while cleaned.last == .lineBreak { cleaned.removeLast() }
        while cleaned.first == .lineBreak { cleaned.removeFirst() }
        guard !cleaned.isEmpty else { return }
        append(.paragraph(cleaned))
    }

    static func collapsed(_ text: String) -> String {
        var out = ""
        var space = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\u{0C}" {
                space = true
            } else {
                if space { out.append(" ") }
                space = false
                out.unicodeScalars.append(scalar)
            }
        }
        if space { out.append(" ") }
        return out
    }

    mutating func append(_ block: StatusBlock) {
        if case .list = frames[frames.count - 1].container {
            // Content directly inside a list, outside any item: an item of its own.
            frames[frames.count - 1].items.append([block])
        } else {
            frames[frames.count - 1].blocks.append(block)
        }
    }

    mutating func push(_ container: Container) {
        flushParagraph()
        guard frames.count < Self.maxDepth else { return }
        frames.append(Frame(container: container))
    }

    /// Closes the innermost container, handing what it holds to the one around it.
    mutating func closeFrame() {
        flushParagraph()
        guard frames.count > 1, let frame = frames.popLast() else { return }
        switch frame.container {
        case .root: break
        case .quote: if !frame.blocks.isEmpty { append(.quote(frame.blocks)) }
        case .list(let ordered, let start):
            if !frame.items.isEmpty { append(.list(ordered: ordered, start: start, items: frame.items)) }
        case .item:
            if case .list = frames[frames.count - 1].container {
                frames[frames.count - 1].items.append(frame.blocks)
            } else {
                for block in frame.blocks { append(block) }
            }
        }
    }

    /// Closes containers up to and including the innermost one `matches` accepts, if there is one.
    mutating func close(where matches: (Container) -> Bool) {
        guard let index = frames.indices.dropFirst().last(where: { matches(frames[$0].container) }) else { return }
        while frames.count > index { closeFrame() }
    }

    func isOpen(where matches: (Container) -> Bool) -> Bool {
        frames.dropFirst().contains { matches($0.container) }
    }
}
