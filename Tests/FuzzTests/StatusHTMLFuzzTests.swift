import Foundation
import Models
import PropertyBased
import Testing

/// Status HTML as a hostile author or server might write it: tags, broken tags, references and
/// controls in any order. The converter never traps, never lets a control character through and
/// never shows what a script holds; links are only ever web links.
@Suite struct StatusHTMLFuzzTests {
    static let pieces = [
        "<p>", "</p>", "<br>", "<br/>", "<a href=\"", "https://a.example/x?a=1&amp;b=2", "javascript:alert(1)", "\">",
        "</a>", "<span class=\"h-card\">", "</span>", "<pre>", "</pre>", "<code>", "</code>", "<ul><li>", "</li></ul>",
        "<!--", "-->", "<!DOCTYPE html>", "<", ">", "&", "&amp;", "&lt;script&gt;", "&#x1b;", "&#27;", "&#x9b;", "&#0;",
        "&#xD800;", "&#1114112;", "&#99999999999999999999;", "&bogus;", "&nbsp;", "\"", "'", "=", " ", "\n", "\t",
        "\u{1B}[31m", "\u{9B}", "\u{7F}", "\u{0}", "\u{202E}", "text", "東京", "🧊", "<b", "</", "<a href='x",
        "<img src=x>",
        "<svg><script>", "</svg>", "<style>", "</style>", "<textarea>", "<title>",
    ]
    static let html = Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }.array(of: 0...40).map { $0.joined() }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    @Test func noControlCharacterReachesTheText() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.html) { html in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            for text in [StatusHTML.displayText(html, mentions: []), StatusHTML.indexText(html)] {
                #expect(!text.unicodeScalars.contains(where: Self.isControl), "\(html.debugDescription)")
            }
        }
    }

    /// Pieces that leave the tokenizer where it started (no half tag, quote or comment), so that a
    /// `<script>` after them is a script element, as in a browser. (After `<b`, `<script>` would be
    /// part of a tag named `b<script`, and its "content" text; the fuzzer found that out.)
    static let wholePieces = pieces.filter { piece in
        ![
            "<a href=\"", "\">", "<!--", "<", "<b", "</", "<a href='x", "<svg><script>", "<style>", "<textarea>",
            "<title>",
        ]
        .contains(piece)
    }
    static let wholeHTML = Gen.int(in: 0...(wholePieces.count - 1)).map { wholePieces[$0] }.array(of: 0...40)
        .map { $0.joined() }

    @Test func whatAScriptHoldsIsNeverShown() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.html, Self.wholeHTML) { html, whole in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            for page in ["<script>SECRET-MARKER</script>" + html, whole + "<script>SECRET-MARKER</script>" + html] {
                #expect(
                    !StatusHTML.displayText(page, mentions: []).contains("SECRET-MARKER"), "\(page.debugDescription)")
                #expect(!StatusHTML.indexText(page).contains("SECRET-MARKER"))
            }
        }
    }

    @Test func linksAreOnlyWebLinks() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.html) { html in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            for link in StatusHTML.links(html) {
                let lower = link.lowercased()
                #expect(
                    lower.hasPrefix("https://") || lower.hasPrefix("http://"), "\(link) from \(html.debugDescription)")
            }
        }
    }

    @Test func arbitraryUnicodeNeverTraps() async {
        // Any scalar (surrogates are not scalars, so the few values that are not any are skipped).
        let scalars = Gen.uint32(in: 0...0x10FFFF).compactMap { Unicode.Scalar($0) }.array(of: 0...200)
            .map { String(String.UnicodeScalarView($0)) }
        await propertyCheck(count: FuzzBudget.count, input: scalars) { text in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            _ = StatusHTML.displayText(text, mentions: [])
            _ = StatusHTML.links(text)
        }
    }
}

/// The structure an export renders: no script text, no control character, only web links.
@Suite struct StatusBlockFuzzTests {
    static func texts(_ blocks: [StatusBlock]) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .paragraph(let inlines):
                inlines.map {
                    switch $0 {
                    case .text(let text), .code(let text): text
                    case .link(let href, let text): href + " " + text
                    case .lineBreak: ""
                    }
                }
            case .list(_, _, let items): items.flatMap(texts)
            case .quote(let inner): texts(inner)
            case .code(let text): [text]
            case .rule: []
            }
        }
    }

    static func links(_ blocks: [StatusBlock]) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .paragraph(let inlines): inlines.compactMap { if case .link(let href, _) = $0 { href } else { nil } }
            case .list(_, _, let items): items.flatMap(links)
            case .quote(let inner): links(inner)
            case .code, .rule: []
            }
        }
    }

    @Test func blocksHoldNoScriptNoControlAndOnlyWebLinks() async {
        await propertyCheck(count: FuzzBudget.count, input: StatusHTMLFuzzTests.html, StatusHTMLFuzzTests.wholeHTML) {
            html, whole in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            let blocks = StatusHTML.blocks(whole + "<script>SECRET-MARKER</script>" + html)
            let text = Self.texts(blocks).joined(separator: "\n")
            #expect(!text.contains("SECRET-MARKER"), "\(html.debugDescription)")
            #expect(!text.unicodeScalars.contains { StatusHTMLFuzzTests.isControl($0) }, "\(html.debugDescription)")
            for link in Self.links(blocks) {
                #expect(link.lowercased().hasPrefix("https://") || link.lowercased().hasPrefix("http://"), "\(link)")
            }
        }
    }
}
