import Foundation

extension StatusHTML {
    /// The web links in a status's HTML that are neither mentions nor hashtags, in order, each once,
    /// with character references decoded: what an export lists beside the text. Only `http` and
    /// `https` links are returned (a `javascript:` or `data:` href never is).
    ///
    /// Example: `<p>see <a href="https://a.example/x?a=1&amp;b=2">a.example/x</a></p>` →
    /// `["https://a.example/x?a=1&b=2"]`.
    public static func links(_ html: String) -> [String] {
        let renderer = Renderer(html, mode: .index, mentions: [])
        var tokenizer = Tokenizer(renderer.b)
        var links: [String] = []
        while let token = tokenizer.next() {
            guard case .start(.a, let attributes, _) = token, let range = attributes.href else { continue }
            let flags = renderer.classFlags(attributes.classValue)
            if flags.contains(.mention) || flags.contains(.hashtag) { continue }
            let href = renderer.attributeString(range).trimmingCharacters(in: .whitespacesAndNewlines)
            let scheme = href.prefix(8).lowercased()
            guard scheme.hasPrefix("https://") || scheme.hasPrefix("http://"), !links.contains(href) else { continue }
            links.append(href)
        }
        return links
    }
}
