import Foundation

extension StatusHTML.Renderer {
    // Mentions and attribute values: finding mention links and rewriting them as @user@host.

    /// Whether this `<a>` is a mention link, to be captured and rewritten. Matches by href first.
    mutating func startsMention(_ attrs: StatusHTML.Attributes, _ flags: ClassFlags) -> Bool {
        guard w.capture == nil else { return false }
        var hashtag = flags.contains(.hashtag)
        if let rel = attrs.rel, attributeString(rel).split(separator: " ").contains("tag") { hashtag = true }
        if hashtag { return false }
        let looksLikeMention = flags.contains(.mention) && (flags.contains(.uURL) || hCardDepth > 0)
        guard !mentions.isEmpty || looksLikeMention else { return false }
        let href = attrs.href.map(attributeString) ?? ""
        var byHref = href.isEmpty ? nil : mentions.first(where: { $0.url == href })
        if byHref == nil, looksLikeMention, !href.isEmpty { byHref = Self.mention(forHref: href, in: mentions) }
        guard looksLikeMention || byHref != nil else { return false }
        captureMention = byHref
        return true
    }

    mutating func finishMention() {
        let captured = w.endCapture()
        let visibleText = String(decoding: captured, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        let matched = captureMention ?? Self.mention(forVisibleText: visibleText, in: mentions)
        captureMention = nil
        guard !visibleText.isEmpty else { return }
        if let matched {
            plain("@" + Self.qualifiedAcct(matched))
        } else {
            plain(visibleText)
        }
    }

    static func mention(forHref href: String, in mentions: [Mention]) -> Mention? {
        if let exact = mentions.first(where: { $0.url == href }) { return exact }
        let normalized = normalizeURL(href)
        return mentions.first(where: { normalizeURL($0.url) == normalized })
    }

    /// The fallback: `@user@host` equal to an acct, or `@user` naming exactly one mentioned username.
    static func mention(forVisibleText text: String, in mentions: [Mention]) -> Mention? {
        guard text.hasPrefix("@") else { return nil }
        let handle = String(text.drop(while: { $0 == "@" })).lowercased()
        guard !handle.isEmpty else { return nil }
        if let byAcct = mentions.first(where: { $0.acct.lowercased() == handle }) { return byAcct }
        if let byQualified = mentions.first(where: { qualifiedAcct($0).lowercased() == handle }) {
            return byQualified
        }
        guard !handle.contains("@") else { return nil }
        let byUsername = mentions.filter { $0.username.lowercased() == handle }
        guard let first = byUsername.first,
            byUsername.allSatisfy({ qualifiedAcct($0).lowercased() == qualifiedAcct(first).lowercased() })
        else { return nil }
        return first
    }

    static func normalizeURL(_ url: String) -> String {
        var s = url.lowercased()
        while s.hasSuffix("/") { s.removeLast() }
        return s
    }

    /// `user@host` for a mention: a local acct (`user`) gets the host (and port) of its profile URL.
    static func qualifiedAcct(_ mention: Mention) -> String {
        let acct = String(mention.acct.drop(while: { $0 == "@" }))
        if acct.contains("@") { return acct }
        guard let host = authority(of: mention.url), !host.isEmpty else { return acct }
        return acct + "@" + host
    }

    /// The host[:port] of an absolute URL, without user info.
    static func authority(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        if let at = authority.lastIndex(of: "@") {
            return String(authority[authority.index(after: at)...]).lowercased()
        }
        return String(authority).lowercased()
    }

    // MARK: StatusHTML.Attributes

    /// An attribute value with its character references decoded.
    func attributeString(_ range: Range<Int>) -> String {
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, b.count)
        guard lower < upper else { return "" }
        let slice = b[lower..<upper]
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var p = lower
        while p < upper {
            if b[p] == UInt8(ascii: "&"),
                let (value, second, length) = StatusHTML.Entities.decode(b, at: p, inAttribute: true),
                length > 0, p + length <= upper, let scalar = Unicode.Scalar(value)
            {
                UTF8.encode(scalar) { out.append($0) }
                if let second, let extra = Unicode.Scalar(second) { UTF8.encode(extra) { out.append($0) } }
                p += length
            } else {
                out.append(b[p])
                p += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    func classFlags(_ range: Range<Int>?) -> ClassFlags {
        guard let range else { return [] }
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, b.count)
        guard lower < upper else { return [] }
        if b[lower..<upper].contains(UInt8(ascii: "&")) {
            let decoded = Array(attributeString(range).utf8)
            return Self.classFlags(decoded[...])
        }
        return Self.classFlags(b[lower..<upper])
    }

    /// The class tokens the converter cares about, read straight from the bytes (no allocation).
    static func classFlags(_ value: ArraySlice<UInt8>) -> ClassFlags {
        var flags: ClassFlags = []
        var p = value.startIndex
        while p < value.endIndex {
            while p < value.endIndex, StatusHTML.Tokenizer.isSpace(value[p]) { p += 1 }
            let tokenStart = p
            while p < value.endIndex, !StatusHTML.Tokenizer.isSpace(value[p]) { p += 1 }
            let token = value[tokenStart..<p]
            if token.isEmpty { continue }
            for (name, flag) in classNames where token.elementsEqual(name) { flags.insert(flag) }
        }
        return flags
    }

    static let classNames: [([UInt8], ClassFlags)] = [
        (Array("invisible".utf8), .invisible), (Array("ellipsis".utf8), .ellipsis),
        (Array("quote-inline".utf8), .quoteInline), (Array("mention".utf8), .mention),
        (Array("hashtag".utf8), .hashtag), (Array("u-url".utf8), .uURL), (Array("h-card".utf8), .hCard),
    ]
}
