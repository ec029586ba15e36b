import Foundation
import Models
import Testing

@testable import Export

/// Every text a server sends reaches the page escaped, the open values too (a visibility or a media type
/// Icebox does not know is kept as the server sent it): the class of bug `HTML`'s interpolation closes,
/// where one forgotten escape let a server write markup into a page (issue 43).
@Suite struct PageServerTextTests {
    static let attack = "\"><img src=x onerror=alert(1)><script>alert(2)</script>"

    @Test func everyServerTextOfAPostIsEscapedOnItsPage() throws {
        var document = try KeptContentTests.document("status_with_poll_remote.mastodon-social.json")
        var status = document.items[0].status
        status.visibility = Visibility(rawValue: Self.attack)
        status.account.displayName = Self.attack
        status.spoilerText = Self.attack
        status.language = Self.attack
        status.poll?.options[0].title = Self.attack
        status.card = try KeptContentTests.document("status_with_card.mastodon-social.json").items[0].status.card
        status.card?.url = "https://example.org/a?b=1&c=2"
        status.card?.title = Self.attack
        status.card?.providerName = "</aside><b>site</b>"
        document.items[0].status = status
        let page = String(decoding: document.html(version: "1<2"), as: UTF8.self)
        #expect(!page.contains("<img src=x"))
        #expect(!page.contains("<script>"))
        #expect(!page.contains("<b>site</b>"))
        let escaped = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;"
        let label = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;al"  // the first 40 characters
        #expect(page.contains("<span class=\"visibility \(escaped)\">visibility: \(label)</span>"))
        #expect(page.contains("<span class=\"name\">\(escaped)</span>"))
        #expect(page.contains("<meta name=\"generator\" content=\"Icebox 1&lt;2\">"))
        #expect(page.contains("href=\"https://example.org/a?b=1&amp;c=2\""), "a URL's & as an entity, as before")
    }
}
