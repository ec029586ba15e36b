import Models
import Testing

/// A status's HTML as structure: what an export page and its Markdown show.
@Suite struct StatusBlockTests {
    @Test func paragraphsListsQuotesAndCode() {
        let html = """
            <p>First &amp; <code>x &lt; y</code><br>second line</p>\
            <ol start="3"><li>three</li><li>four<ul><li>nested</li></ul></li></ol>\
            <blockquote><p>quoted</p></blockquote><pre>  keep   this\n  spacing</pre><hr><p>end</p>
            """
        #expect(
            StatusHTML.blocks(html) == [
                .paragraph([.text("First & "), .code("x < y"), .lineBreak, .text("second line")]),
                .list(
                    ordered: true, start: 3,
                    items: [
                        [.paragraph([.text("three")])],
                        [
                            .paragraph([.text("four")]),
                            .list(ordered: false, start: 1, items: [[.paragraph([.text("nested")])]]),
                        ],
                    ]),
                .quote([.paragraph([.text("quoted")])]),
                .code("  keep   this\n  spacing"),
                .rule,
                .paragraph([.text("end")]),
            ])
    }

    @Test func linksReadAsMastodonShowsThemAndOnlyWebLinksStayLinks() {
        let html = """
            <p>see <a href="https://example.org/a/very/long/path"><span class="invisible">https://</span>\
            <span class="ellipsis">example.org/a/very</span><span class="invisible">/long/path</span></a> \
            and <a href="javascript:alert(1)">this</a></p>
            """
        #expect(
            StatusHTML.blocks(html) == [
                .paragraph([
                    .text("see "), .link(href: "https://example.org/a/very/long/path", text: "example.org/a/very…"),
                    .text(" and this"),
                ])
            ])
    }

    @Test func everythingElseIsOnlyTextAndBrokenHTMLStillCloses() {
        #expect(
            StatusHTML.blocks("<p>a <b>bold</b> <script>x()</script><svg><text>no</text></svg>word") == [
                .paragraph([.text("a bold word")])
            ])
        #expect(
            StatusHTML.blocks("<ul><li>one<li>two</ul></blockquote><p>after") == [
                .list(ordered: false, start: 1, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")])]]),
                .paragraph([.text("after")]),
            ])
        #expect(
            StatusHTML.blocks("<p>\u{1B}[31mred\u{07}</p>") == [.paragraph([.text("[31mred")])], "no control characters"
        )
        let deep = String(repeating: "<blockquote>", count: 5000) + "deep"
        #expect(!StatusHTML.blocks(deep).isEmpty, "deep nesting is bounded, not a crash")
    }
}

/// Found by the fuzzer: a control character inside an href.
@Suite struct StatusBlockLinkTests {
    @Test func controlCharactersAreDroppedFromLinks() {
        #expect(
            StatusHTML.blocks("<a href=\"https://a.example/x?a=1&amp;b=2\u{1B}[31m\">x</a>")
                == [.paragraph([.link(href: "https://a.example/x?a=1&b=2[31m", text: "x")])])
    }
}
