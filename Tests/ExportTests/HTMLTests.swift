import Export
import Foundation
import Models
import Testing

/// `HTML`'s interpolation escapes what it is given unless it is markup already: text from a server
/// cannot become markup on a page by someone forgetting to escape it (issue 43).
@Suite struct HTMLTests {
    static let hostile = "</p><script>alert('x')</script> & \"quoted\""

    @Test func interpolatedTextIsEscapedForContentAndAttributes() {
        let html: HTML = "<p title=\"\(Self.hostile)\">\(Self.hostile)</p>"
        let escaped = "&lt;/p&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;"
        #expect(html.markup == "<p title=\"\(escaped)\">\(escaped)</p>")
        #expect(!html.markup.contains("<script>"))
    }

    @Test func substringsAreEscapedAndNumbersPass() {
        let text = Self.hostile.dropFirst(4)
        let html: HTML = "<i>\(text)</i><b>\(42) \(-7) \(Int64(1_234_567_890_123)) \(UInt8(255))</b>"
        #expect(html.markup.hasPrefix("<i>&lt;script&gt;"))
        #expect(html.markup.hasSuffix("<b>42 -7 1234567890123 255</b>"))
    }

    @Test func controlAndBidirectionalCharactersAreDropped() {
        let html: HTML = "\("exe\u{202E}gnp.\u{0007}x\u{7F}y\n\tz")"
        #expect(html.markup == "exegnp.xy\n\tz")
    }

    @Test func markupInterpolatedIntoMarkupIsNotEscapedTwice() {
        let inner: HTML = "<b>\("Tom & Jerry")</b>"
        let outer: HTML = "<p>\(inner) \(inner)</p>"
        #expect(outer.markup == "<p><b>Tom &amp; Jerry</b> <b>Tom &amp; Jerry</b></p>")
        #expect([inner, inner].joined(separator: "<br>").markup == "<b>Tom &amp; Jerry</b><br><b>Tom &amp; Jerry</b>")
        var appended: HTML = "<ul>"
        appended += "<li>\("a<b")</li>"
        #expect((appended + "</ul>").markup == "<ul><li>a&lt;b</li></ul>")
        #expect([HTML]().joined().isEmpty)
    }

    @Test func onlyTheTrustedInitialiserTakesMarkupFromAString() {
        let markup = "<style>a > b { content: \"x\" }</style>"
        #expect(HTML(trusted: markup).markup == markup, "verbatim")
        let text: HTML = "\(markup)"
        #expect(text.markup == "&lt;style&gt;a &gt; b { content: &quot;x&quot; }&lt;/style&gt;", "a String is text")
        #expect(text != HTML(trusted: markup))
        #expect(HTML(trusted: markup).data == Data(markup.utf8))
    }
}
