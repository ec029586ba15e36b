import Foundation

extension StatusHTML.Renderer {
    // Tags: how each opening and closing tag changes the output.

    mutating func start(_ tag: StatusHTML.ElementKind, _ attrs: StatusHTML.Attributes, selfClosing: Bool) {
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
            if counts[StatusHTML.ElementKind.a.rawValue] > 0 { _ = popTo(.a, stopAt: Self.stopDropped) }
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

    mutating func end(_ tag: StatusHTML.ElementKind) {
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
        if counts[StatusHTML.ElementKind.p.rawValue] > 0 { _ = popTo(.p, stopAt: Self.stopDropped) }
    }

    /// Closes the open list item before a new one starts (stopping at a list or a block boundary).
    mutating func closeListItem() {
        guard counts[StatusHTML.ElementKind.li.rawValue] > 0 else { return }
        _ = popTo(.li, stopAt: Self.stopItem)
    }

    /// Pops up to and including the nearest open `tag`, unless one of `stopAt` is met first.
    /// Returns whether it popped.
    static func mask(_ tags: [StatusHTML.ElementKind]) -> UInt32 { tags.reduce(0) { $0 | $1.bit } }
    static let stopDropped = mask([.dropped])
    static let stopList = mask([.ul, .ol, .dropped])
    static let stopItem = mask([.ul, .ol, .blockquote, .pre, .heading, .dropped])
    static let stopSpecial = mask([.p, .div, .li, .ul, .ol, .blockquote, .pre, .heading, .dropped])

    mutating func popTo(_ tag: StatusHTML.ElementKind, stopAt boundaries: UInt32) -> Bool {
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

    mutating func push(_ entry: Entry, _ attrs: StatusHTML.Attributes) {
        guard stack.count < Self.maxDepth else { return }
        if entry.suppresses { w.suppress += 1 }
        if entry.preserves { w.preserve += 1 }
        if entry.hCard { hCardDepth += 1 }
        if entry.captures { w.startCapture() }
        if entry.list {
            var first = 1
            if entry.tag == .ol, let range = attrs.start,
                let n = Int(attributeString(range).trimmingCharacters(in: .whitespaces))
            {
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
}
