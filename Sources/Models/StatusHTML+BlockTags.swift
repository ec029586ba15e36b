import Foundation

extension BlockBuilder {
    // How each allowed tag opens and closes a structure; other tags only give their text.

    mutating func start(_ tag: StatusHTML.ElementKind, _ attributes: StatusHTML.Attributes, selfClosing: Bool) {
        if !suppressed.isEmpty {
            if tag == .span || tag == .dropped || tag == .p { suppressed.append(tag) }
            return
        }
        if pre != nil {
            if tag == .br { pre?.append(0x0A) }
            return
        }
        let flags = renderer.classFlags(attributes.classValue)
        switch tag {
        case .p, .div, .heading:
            if flags.contains(.quoteInline) {
                if !selfClosing { suppressed.append(tag) }
            } else {
                flushParagraph()
            }
        case .br:
            finishLink()
            if code == nil { inline.append(.lineBreak) }
        case .hr:
            flushParagraph()
            append(.rule)
        case .block:
            flushParagraph()
        case .cell:
            appendText([0x20])
        case .blockquote:
            push(.quote)
        case .ul, .ol:
            var first = 1
            if tag == .ol, let range = attributes.start,
                let n = Int(renderer.attributeString(range).trimmingCharacters(in: .whitespaces))
            {
                first = min(max(n, -1_000_000), 1_000_000)
            }
            push(.list(ordered: tag == .ol, start: first))
        case .li:
            if case .item = frames[frames.count - 1].container { closeFrame() }
            if case .list = frames[frames.count - 1].container { push(.item) } else { flushParagraph() }
        case .pre:
            flushParagraph()
            pre = []
        case .code:
            if code == nil {
                finishLink()
                code = []
            }
        case .a:
            finishLink()
            // Control characters never belong in a URL: dropped, so none reaches whoever renders the link.
            let href = String(
                String.UnicodeScalarView(
                    (attributes.href.map { renderer.attributeString($0) } ?? "").unicodeScalars
                        .filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) })
            )
            .trimmingCharacters(in: .whitespaces)
            let scheme = href.prefix(8).lowercased()
            if code == nil, scheme.hasPrefix("https://") || scheme.hasPrefix("http://") { link = (href, []) }
        case .span:
            if flags.contains(.quoteInline) || flags.contains(.invisible) {
                if !selfClosing { suppressed.append(.span) }
            } else if !selfClosing {
                spanDepth += 1
                if flags.contains(.ellipsis) { ellipses.append(spanDepth) }
            }
        case .img:
            if let alt = attributes.alt {
                let text = renderer.attributeString(alt)
                if text.count > 2, text.hasPrefix(":"), text.hasSuffix(":"), !text.contains(" ") {
                    self.text(Array(text.utf8))
                }
            }
        case .dropped:
            if !selfClosing { suppressed.append(.dropped) }
        case .other:
            break
        }
    }

    mutating func end(_ tag: StatusHTML.ElementKind) {
        if !suppressed.isEmpty {
            if let index = suppressed.lastIndex(of: tag) { suppressed.removeSubrange(index...) }
            return
        }
        if pre != nil {
            if tag == .pre { finishPre() }
            return
        }
        switch tag {
        case .p, .div, .heading, .block: flushParagraph()
        case .blockquote: close { if case .quote = $0 { true } else { false } }
        case .ul, .ol: close { if case .list = $0 { true } else { false } }
        case .li:
            if isOpen(where: { if case .item = $0 { true } else { false } }) {
                close { if case .item = $0 { true } else { false } }
            }
        case .code:
            if let bytes = code {
                code = nil
                let text = String(decoding: bytes, as: UTF8.self)
                if !text.isEmpty {
                    if link != nil { link?.text.append(contentsOf: bytes) } else { inline.append(.code(text)) }
                }
            }
        case .a: finishLink()
        case .span:
            guard spanDepth > 0 else { return }
            if ellipses.last == spanDepth {
                ellipses.removeLast()
                self.text(Array("…".utf8))
            }
            spanDepth -= 1
        case .br:
            inline.append(.lineBreak)
        default: break
        }
    }

    /// Text of our own making (an emoji's `:shortcode:`, an ellipsis), placed where text goes now.
    mutating func text(_ bytes: [UInt8]) {
        if code != nil {
            code?.append(contentsOf: bytes)
        } else if link != nil {
            link?.text.append(contentsOf: bytes)
        } else {
            appendText(bytes)
        }
    }

    mutating func finishLink() {
        guard let open = link else { return }
        link = nil
        let text = BlockBuilder.collapsed(String(decoding: open.text, as: UTF8.self)).trimmingCharacters(
            in: .whitespaces)
        inline.append(.link(href: open.href, text: text.isEmpty ? open.href : text))
    }

    mutating func finishPre() {
        guard let bytes = pre else { return }
        pre = nil
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\n") { text.removeFirst() }  // a newline right after <pre> is not content (HTML5)
        while text.hasSuffix("\n") { text.removeLast() }
        if !text.isEmpty { append(.code(text)) }
    }
}
