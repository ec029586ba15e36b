import Foundation
import Testing

@testable import Models

/// StatusHTML against the `content` of every status in Fixtures/ (reblogs, quotes, arrays and recorded
/// response bodies included) and against hand-written edge cases.
@Suite struct StatusHTMLTests {
    // MARK: Fixture statuses

    /// One status found in a fixture: `label` is the file name plus the JSON path to the status.
    struct FixtureStatus: CustomTestStringConvertible, Sendable {
        var label: String
        var content: String
        var mentions: [Mention]
        var testDescription: String { label }
    }

    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every object with a string `content` and an `account` (a status or a status edit), found by
    /// walking every fixture file. Decoded with JSONSerialization only, so this does not depend on the
    /// Status model.
    static let fixtureStatuses: [FixtureStatus] = {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        var found: [FixtureStatus] = []
        for file in files {
            guard let data = try? Data(contentsOf: fixturesDirectory.appendingPathComponent(file)),
                let object = try? JSONSerialization.jsonObject(with: data)
            else { continue }
            collect(object, path: file, into: &found)
        }
        return found
    }()

    static func collect(_ object: Any, path: String, into found: inout [FixtureStatus]) {
        if let dictionary = object as? [String: Any] {
            if let content = dictionary["content"] as? String, dictionary["account"] != nil {
                let mentions = (dictionary["mentions"] as? [[String: Any]] ?? []).map {
                    Mention(
                        id: $0["id"] as? String ?? "", username: $0["username"] as? String ?? "",
                        url: $0["url"] as? String ?? "", acct: $0["acct"] as? String ?? "")
                }
                found.append(FixtureStatus(label: path, content: content, mentions: mentions))
            }
            for key in dictionary.keys.sorted() {
                guard let value = dictionary[key] else { continue }
                // A recorded response body may be stored as a JSON string.
                if key == "body", let text = value as? String,
                    let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8))
                {
                    collect(parsed, path: path + ".body", into: &found)
                } else {
                    collect(value, path: path + "." + key, into: &found)
                }
            }
        } else if let array = object as? [Any] {
            for (index, value) in array.enumerated() { collect(value, path: path + "[\(index)]", into: &found) }
        }
    }

    static func fixture(_ label: String) throws -> FixtureStatus {
        try #require(fixtureStatuses.first { $0.label == label }, "no status at \(label)")
    }

    /// Exact index and display renderings of every fixture status.
    static let expected: [(label: String, index: String, display: String)] = [
        (
            "bookmarks_page_opaque_link_ids.response-with-headers.mastodon-4.6.4-dev.json.response.body[0]",
            "Toot!", "Toot!"
        ),
        ("context.mastodon-social.json.ancestors[0]", "first status", "first status"),
        ("context.mastodon-social.json.descendants[0]", "final status", "final status"),
        // A status edit has no mentions[]: the display falls back to the visible text.
        (
            "status_edit_history.mastodon-social.json[0]",
            "@halcy you're a doo-doo head", "@halcy you're a doo-doo head"
        ),
        (
            "status_edit_history.mastodon-social.json[1]",
            "@halcy you're a doo-doo head\n\nedit: editing this to have the maximum amount of fields filled :trans_heart: #ThisIsAHashtag",
            "@halcy you're a doo-doo head\n\nedit: editing this to have the maximum amount of fields filled :trans_heart: #ThisIsAHashtag"
        ),
        (
            "status_edited_gifv_mention_hashtag_emoji_cw.mastodon-social.json",
            "@halcy you're a doo-doo head\n\nedit: editing this to have the maximum amount of fields filled :trans_heart: #ThisIsAHashtag",
            "@halcy@icosahedron.website you're a doo-doo head\n\nedit: editing this to have the maximum amount of fields filled :trans_heart: #ThisIsAHashtag"
        ),
        ("status_reblog.mastodon-4.6.4-dev.json", "", ""),
        ("status_reblog.mastodon-4.6.4-dev.json.reblog", "Toot!", "Toot!"),
        (
            "status_remote_reply_unknown_attachments.gotosocial-testrig.json",
            """
            hi @admin here's some media for ya

            ℹ️ Note from localhost:8080: 2 attachments in this status were not downloaded. Treat the following external links with care:

            01HE7ZGJYTSYMXF927GF9353KR.svg [SVG line art of a sloth, public domain]
            01HE892Y8ZS68TQCNPX7J888P3.mp3 [Jolly salsa song, public domain.]
            """,
            """
            hi @admin@localhost:8080 here's some media for ya

            ――――――――――

            ℹ️ Note from localhost:8080: 2 attachments in this status were not downloaded. Treat the following external links with care:

            • 01HE7ZGJYTSYMXF927GF9353KR.svg [SVG line art of a sloth, public domain]
            • 01HE892Y8ZS68TQCNPX7J888P3.mp3 [Jolly salsa song, public domain.]
            """
        ),
        // The visible text already has the host; the local acct gets it from the URL either way.
        (
            "status_reply_with_mention_audio.mastodon-social.json",
            "@halcy@mastodon.social audio post, but remote", "@halcy@mastodon.social audio post, but remote"
        ),
        (
            "status_with_card.mastodon-social.json",
            "https://soundcloud.com/wakarangirl/popstars-dj-wakaran-girl-khard-bass-flex-1 link to soundcloud that should generate a card",
            "soundcloud.com/wakarangirl/pop… link to soundcloud that should generate a card"
        ),
        ("status_with_image_media.mastodon-social.json", "image post", "image post"),
        ("status_with_poll_remote.mastodon-social.json", "secret test poll :hecker:", "secret test poll :hecker:"),
        (
            "status_with_quote_bridgy.mastodon-social.json",
            "actual reply that quotes a post that quotes a post bsky.app/profile/h4lc...",
            "actual reply that quotes a post that quotes a post bsky.app/profile/h4lc..."
        ),
        (
            "status_with_quote_bridgy.mastodon-social.json.quote.quoted_status",
            "actual reply that quotes a bsky post bsky.app/profile/h4lc...",
            "actual reply that quotes a bsky post bsky.app/profile/h4lc..."
        ),
        // The wrapper's mentions[] do not name @JordiGH: the visible text stays.
        (
            "timeline_public_reblog.pleroma-via-federatz.json[0]",
            "FOOD.\nSo yesterday, I embarked on an 8-ish hour adventure of making @JordiGH ’s birthday cake. I used some Japanese methods to make the cake itself, which ended up with an angelfood cake-like texture, except with a very precise amount of egg whipping. I made strawberry jam filling from scratch and maybe should put a little more pectin in it, because it was a bit wet in the end. And buttercream. It was fun and I think it turned out to taste ok, although not very pretty. Next time.",
            "FOOD.\nSo yesterday, I embarked on an 8-ish hour adventure of making @JordiGH ’s birthday cake. I used some Japanese methods to make the cake itself, which ended up with an angelfood cake-like texture, except with a very precise amount of egg whipping. I made strawberry jam filling from scratch and maybe should put a little more pectin in it, because it was a bit wet in the end. And buttercream. It was fun and I think it turned out to taste ok, although not very pretty. Next time."
        ),
        (
            "timeline_public_reblog.pleroma-via-federatz.json[0].reblog",
            "FOOD.\nSo yesterday, I embarked on an 8-ish hour adventure of making @JordiGH ’s birthday cake. I used some Japanese methods to make the cake itself, which ended up with an angelfood cake-like texture, except with a very precise amount of egg whipping. I made strawberry jam filling from scratch and maybe should put a little more pectin in it, because it was a bit wet in the end. And buttercream. It was fun and I think it turned out to taste ok, although not very pretty. Next time.",
            "FOOD.\nSo yesterday, I embarked on an 8-ish hour adventure of making @JordiGH@mathstodon.xyz ’s birthday cake. I used some Japanese methods to make the cake itself, which ended up with an angelfood cake-like texture, except with a very precise amount of egg whipping. I made strawberry jam filling from scratch and maybe should put a little more pectin in it, because it was a bit wet in the end. And buttercream. It was fun and I think it turned out to taste ok, although not very pretty. Next time."
        ),
        (
            "timeline_tag_page.response-with-headers.mastodon-4.6.4-dev.json.response.body[0]",
            "#hoot (hashtag toot)", "#hoot (hashtag toot)"
        ),
    ]

    @Test func findsTheFixtureStatuses() {
        let labels = Set(Self.fixtureStatuses.map(\.label))
        #expect(Self.fixtureStatuses.count >= Self.expected.count)
        for (label, _, _) in Self.expected {
            #expect(labels.contains(label), "fixture status \(label) not found")
        }
    }

    @Test(arguments: StatusHTMLTests.expected.map { $0.label })
    func fixtureRendersExactly(_ label: String) throws {
        let status = try Self.fixture(label)
        let expectation = try #require(Self.expected.first { $0.label == label })
        #expect(StatusHTML.indexText(status.content) == expectation.index)
        #expect(StatusHTML.displayText(status.content, mentions: status.mentions) == expectation.display)
    }

    /// Every status in Fixtures/, including any added later: both renderings are clean text.
    @Test(arguments: StatusHTMLTests.fixtureStatuses)
    func fixtureOutputIsCleanText(_ status: FixtureStatus) {
        for output in [
            StatusHTML.indexText(status.content),
            StatusHTML.displayText(status.content, mentions: status.mentions),
        ] {
            Self.expectClean(output, from: status.content)
            #expect(!output.contains("\n\n\n"))
            for leftover in ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&nbsp;"] {
                #expect(!output.contains(leftover), "undecoded \(leftover)")
            }
        }
        // Display never shows more than the index's words plus mention hosts and ellipses: at least,
        // every word of the display that is not a mention or a truncated link is in the index.
        let index = StatusHTML.indexText(status.content)
        for word in StatusHTML.displayText(status.content, mentions: status.mentions)
            .split(whereSeparator: { $0 == " " || $0 == "\n" })
        where !word.hasPrefix("@") && !word.hasSuffix("…") && !word.allSatisfy({ $0 == "―" || $0 == "•" }) {
            #expect(index.contains(word), "display word \(word) missing from the index")
        }
    }

    /// No tag from the input, no control character, no surrounding whitespace.
    static func expectClean(
        _ output: String, from input: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for tagStart in ["<p", "</", "<br", "<span", "<a ", "<div", "<hr", "<ul", "<li", "<i ", "<!--", "<script"]
        where !input.contains(tagStart.replacingOccurrences(of: "<", with: "&lt;")) {
            #expect(!output.contains(tagStart), "tag \(tagStart) leaked", sourceLocation: sourceLocation)
        }
        #expect(
            !containsControlCharacter(output), "control character in \(output.debugDescription)",
            sourceLocation: sourceLocation)
        #expect(
            output == output.trimmingCharacters(in: .whitespacesAndNewlines),
            "surrounding whitespace in \(output.debugDescription)", sourceLocation: sourceLocation)
    }

    /// C0 controls other than newline and tab, DEL, and C1 controls.
    static func containsControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (scalar.value >= 0x7F && scalar.value <= 0x9F)
        }
    }

    // MARK: Specific real statuses

    @Test func cardLinkKeepsTheFullURLInTheIndexAndTheEllipsisFormInDisplay() throws {
        let status = try Self.fixture("status_with_card.mastodon-social.json")
        #expect(status.content.contains(#"<span class="invisible">"#))
        let index = StatusHTML.indexText(status.content)
        let display = StatusHTML.displayText(status.content, mentions: status.mentions)
        #expect(index.hasPrefix("https://soundcloud.com/wakarangirl/popstars-dj-wakaran-girl-khard-bass-flex-1 "))
        #expect(display.hasPrefix("soundcloud.com/wakarangirl/pop… "))
        #expect(!display.contains("https://"))
        #expect(!display.contains("stars-dj"))
    }

    @Test func mentionShowsTheFullAcctQualifiedWithTheHost() throws {
        // acct "halcy" is local to mastodon.social: qualified from the mention's url.
        let local = try Self.fixture("status_reply_with_mention_audio.mastodon-social.json")
        #expect(local.mentions.first?.acct == "halcy")
        #expect(StatusHTML.displayText(local.content, mentions: local.mentions).hasPrefix("@halcy@mastodon.social "))
        // A remote acct is used as it is, while the index keeps what the HTML shows.
        let remote = try Self.fixture("status_edited_gifv_mention_hashtag_emoji_cw.mastodon-social.json")
        #expect(
            StatusHTML.displayText(remote.content, mentions: remote.mentions)
                .hasPrefix("@halcy@icosahedron.website you're"))
        #expect(StatusHTML.indexText(remote.content).hasPrefix("@halcy you're"))
        // A local acct on a server with a port keeps the port (GoToSocial's testrig).
        let gts = try Self.fixture("status_remote_reply_unknown_attachments.gotosocial-testrig.json")
        #expect(
            StatusHTML.displayText(gts.content, mentions: gts.mentions).hasPrefix("hi @admin@localhost:8080 here's"))
    }

    @Test func hashtagIsNotTreatedAsAMention() throws {
        let status = try Self.fixture("status_edited_gifv_mention_hashtag_emoji_cw.mastodon-social.json")
        let display = StatusHTML.displayText(status.content, mentions: status.mentions)
        #expect(display.hasSuffix(":trans_heart: #ThisIsAHashtag"))
        // Even if a mention had the hashtag's URL, a hashtag stays a hashtag.
        let trap = [Mention(id: "1", username: "x", url: "https://icosahedron.website/tags/ThisIsAHashtag", acct: "x")]
        #expect(StatusHTML.displayText(status.content, mentions: trap).hasSuffix("#ThisIsAHashtag"))
    }

    @Test func goToSocialDivRuleListAndItalics() throws {
        let status = try Self.fixture("status_remote_reply_unknown_attachments.gotosocial-testrig.json")
        let display = StatusHTML.displayText(status.content, mentions: status.mentions)
        let lines = display.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("――――――――――"))
        #expect(lines.filter { $0.hasPrefix("• ") }.count == 2)
        #expect(lines.contains { $0.hasPrefix("ℹ️ Note from localhost:8080") })
        let index = StatusHTML.indexText(status.content)
        #expect(!index.contains("―") && !index.contains("•"))
        #expect(index.contains("public domain]\n01HE892Y8ZS68TQCNPX7J888P3.mp3"))
    }

    @Test func pleromaSelfClosingBreak() throws {
        let status = try Self.fixture("timeline_public_reblog.pleroma-via-federatz.json[0].reblog")
        #expect(status.content.contains("<br/>"))
        #expect(StatusHTML.indexText(status.content).hasPrefix("FOOD.\nSo yesterday, "))
        #expect(
            StatusHTML.displayText(status.content, mentions: status.mentions)
                .contains("making @JordiGH@mathstodon.xyz ’s birthday"))
    }

    @Test func quoteInlineFallbackIsDroppedInBothRenderings() throws {
        let status = try Self.fixture("status_with_quote_bridgy.mastodon-social.json")
        #expect(status.content.contains("quote-inline"))
        for output in [StatusHTML.indexText(status.content), StatusHTML.displayText(status.content, mentions: [])] {
            #expect(!output.contains("RE:"))
            #expect(!output.contains("did:plc"))
            #expect(!output.contains("\n"))
        }
        let paragraph =
            #"<p>body</p><p class="quote-inline">RE: <a href="https://x.example/1">https://x.example/1</a></p>"#
        #expect(StatusHTML.indexText(paragraph) == "body")
        #expect(StatusHTML.displayText(paragraph, mentions: []) == "body")
    }

    // MARK: Hand-written cases

    @Test func emptyAndBlankInput() {
        for input in ["", " ", "\n\n", "<p></p>", "<p> </p><p>&nbsp;</p>", "<br><br>", "<!-- only a comment -->"] {
            #expect(StatusHTML.indexText(input) == "", "\(input.debugDescription)")
            #expect(StatusHTML.displayText(input, mentions: []) == "", "\(input.debugDescription)")
        }
    }

    @Test func paragraphsAndBreaks() {
        #expect(StatusHTML.indexText("<p>a &amp; b<br>c</p><p>d</p>") == "a & b\nc\n\nd")
        #expect(StatusHTML.indexText("x<br><br>y<br/>z<br />w<BR>v") == "x\n\ny\nz\nw\nv")
        #expect(StatusHTML.indexText("<p>one</p>\n\n<p>two</p>\n") == "one\n\ntwo")
        #expect(StatusHTML.indexText("<p>  spaced \n  out\t text  </p>") == "spaced out text")
        #expect(StatusHTML.indexText("<div>d1</div><div>d2</div>") == "d1\n\nd2")
        #expect(StatusHTML.indexText("<p>a</p></p></p><p>b</p>") == "a\n\nb")
        #expect(StatusHTML.indexText("<p>unclosed<p>next") == "unclosed\n\nnext")
        #expect(StatusHTML.indexText("a<p>b</p>c") == "a\n\nb\n\nc")
    }

    @Test func entities() {
        #expect(StatusHTML.indexText("&amp; &lt;b&gt; &quot;q&quot; &apos;s&#39;&#x27;&#X27;") == "& <b> \"q\" 's'''")
        #expect(StatusHTML.indexText("x&nbsp;y") == "x\u{A0}y")
        #expect(StatusHTML.indexText("&copy; &hellip; &mdash; &eacute;&Eacute; &euro; &rarr;") == "© … — éÉ € →")
        #expect(StatusHTML.indexText("&#128512; &#x1F600; &#x1f600") == "😀 😀 😀")
        // Unknown or malformed references stay as written; a legacy name without its `;` is read as
        // browsers read it.
        #expect(StatusHTML.indexText("&bogus; AT&T &#; &#x; &amp &; & x") == "&bogus; AT&T &#; &#x; & &; & x")
        // HTML5's numeric mapping: 0, surrogates, out of range → U+FFFD; 0x80–0x9F as Windows-1252.
        #expect(
            StatusHTML.indexText("&#0;|&#xD800;|&#x110000;|&#99999999999999999999;")
                == "\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}")
        #expect(StatusHTML.indexText("&#150;&#x80;&#146;") == "–€’")
        // An encoded tag is text, not a tag; double encoding decodes once.
        #expect(StatusHTML.indexText("&lt;p&gt;hi&lt;/p&gt; &amp;lt;") == "<p>hi</p> &lt;")
        #expect(StatusHTML.displayText("&lt;script&gt;", mentions: []) == "<script>")
    }

    @Test func controlCharactersNeverReachTheOutput() {
        let inputs = [
            "raw\u{1B}[31mred\u{07}\u{00} \u{9B}1m\u{7F}", "enc&#27;[31m&#7;&#x9B;&#127;x",
            "<pre>a\u{1B}b\u{0B}c</pre>",
        ]
        let outputs = inputs.flatMap { [StatusHTML.indexText($0), StatusHTML.displayText($0, mentions: [])] }
        for output in outputs { #expect(!Self.containsControlCharacter(output), "\(output.debugDescription)") }
        #expect(StatusHTML.indexText(inputs[0]) == "raw[31mred 1m")
        // &#x9B; is read as Windows-1252 (›), as HTML5 does, so no CSI reaches the terminal.
        #expect(StatusHTML.indexText(inputs[1]) == "enc[31m›x")
        #expect(StatusHTML.indexText(inputs[2]) == "abc")
    }

    @Test func malformedHTML() {
        // Stray < and >, a < that starts no tag, quoting styles, uppercase, comments.
        #expect(StatusHTML.indexText("a < b > c 5<6 <3 x<") == "a < b > c 5<6 <3 x<")
        #expect(
            StatusHTML.indexText(#"<A HREF="x>y">dq</A> <a href='q"'>sq</a> <a href=unq>uq</a> <a href>bare</a>"#)
                == "dq sq uq bare")
        #expect(StatusHTML.indexText("<P CLASS=foo>Up<BR>case</P><!-- <p>hidden</p> -->after") == "Up\ncase\n\nafter")
        #expect(StatusHTML.indexText("a<!---->b<!-->c<!--->d<!-- x --!>e") == "abcde")
        #expect(
            StatusHTML.indexText("<!DOCTYPE html><?xml x?><html><head><title>T</title></head><body>body</body></html>")
                == "body")
        // A tag or comment cut off by the end of the input is dropped.
        #expect(StatusHTML.indexText("<p>cut <a href=\"https://e") == "cut")
        #expect(StatusHTML.indexText("text <!-- never closed <p>x</p>") == "text")
        // An unterminated quoted attribute ends at the next `>` instead of eating the post.
        #expect(
            StatusHTML.indexText(#"<p>x <a href="https://e.com" class="bad>link</a> after</p><p>next</p>"#)
                == "x link after\n\nnext")
        // Unclosed and stray end tags.
        #expect(StatusHTML.indexText("</span></a></li></ul></div>text<span><b><i>open") == "textopen")
        #expect(
            StatusHTML.displayText(#"<p>a<span class="invisible">hidden</p><p>shown</p>"#, mentions: []) == "a\n\nshown"
        )
        #expect(StatusHTML.indexText("<a href=1>one<a href=2>two</a>b") == "onetwob")
        #expect(StatusHTML.indexText("a</>b</ >c") == "abc")
    }

    @Test func scriptStyleAndEmbeddedContentAreDropped() {
        #expect(StatusHTML.indexText(#"<p>x<script>alert("<p>")</script><style>p{color:red}</style>y</p>"#) == "xy")
        #expect(StatusHTML.indexText("a<SCRIPT type=x>if (a</b) {}</SCRIPT >b") == "ab")
        #expect(
            StatusHTML.indexText("<svg><text>no</text></svg>yes<math><mi>x</mi></math><iframe src=x>no</iframe>")
                == "yes")
        #expect(StatusHTML.indexText("a<script>never closed") == "a")
    }

    @Test func invisibleAndEllipsisSpans() {
        let html =
            #"<p>see <a href="https://example.com/a/very/long/path"><span class="invisible">https://</span><span class="ellipsis">example.com/a/very</span><span class="invisible">/long/path</span></a> ok</p>"#
        #expect(StatusHTML.indexText(html) == "see https://example.com/a/very/long/path ok")
        #expect(StatusHTML.displayText(html, mentions: []) == "see example.com/a/very… ok")
        // A short link has no ellipsis span: nothing is appended.
        let short =
            #"<a href="https://e.com/"><span class="invisible">https://</span><span class="">e.com/</span><span class="invisible"></span></a>"#
        #expect(StatusHTML.displayText(short, mentions: []) == "e.com/")
        #expect(StatusHTML.indexText(short) == "https://e.com/")
    }

    @Test func mentionMatching() {
        let local = Mention(id: "1", username: "alice", url: "https://example.social/@alice", acct: "alice")
        let remote = Mention(
            id: "2", username: "bob", url: "https://other.example/users/bob", acct: "bob@other.example")
        func link(_ href: String, _ text: String, _ cls: String = "u-url mention") -> String {
            #"<span class="h-card"><a href="\#(href)" class="\#(cls)">@<span>\#(text)</span></a></span>"#
        }
        // By href.
        #expect(
            StatusHTML.displayText("<p>\(link(local.url, "alice")) hi</p>", mentions: [local, remote])
                == "@alice@example.social hi")
        #expect(
            StatusHTML.displayText("<p>cc \(link(remote.url, "bob"))</p>", mentions: [local, remote])
                == "cc @bob@other.example")
        // By href ignoring case and a trailing slash.
        #expect(
            StatusHTML.displayText(link("HTTPS://Example.social/@alice/", "alice"), mentions: [local])
                == "@alice@example.social")
        // By visible text when the href differs (e.g. an ActivityPub id), then the visible text as is.
        #expect(
            StatusHTML.displayText(link("https://other.example/@bob", "bob"), mentions: [remote])
                == "@bob@other.example")
        #expect(
            StatusHTML.displayText(link("https://nowhere.example/@carol", "carol"), mentions: [local, remote])
                == "@carol")
        #expect(
            StatusHTML.displayText(link("https://nowhere.example/@carol", "carol@nowhere.example"), mentions: [])
                == "@carol@nowhere.example")
        // A mention class without u-url outside an h-card is a plain link, unless its href is a mention's.
        #expect(
            StatusHTML.displayText(#"<a href="https://x.example/@dave" class="mention">@dave</a>"#, mentions: [])
                == "@dave")
        #expect(
            StatusHTML.displayText(#"<a href="https://example.social/@alice">@alice</a>"#, mentions: [local])
                == "@alice@example.social")
        // Entities in the href are decoded before matching; acct control characters are dropped.
        let odd = Mention(id: "3", username: "e", url: "https://e.example/@e?a=1&b=2", acct: "e\u{1B}[2J")
        #expect(
            StatusHTML.displayText(link("https://e.example/@e?a=1&amp;b=2", "e"), mentions: [odd]) == "@e[2J@e.example")
        // The index keeps what the HTML shows.
        #expect(StatusHTML.indexText("<p>\(link(local.url, "alice")) hi</p>") == "@alice hi")
    }

    @Test func listsInDisplay() {
        let html =
            "<ul><li>one</li><li>two<ul><li>a</li><li>b<br>cont</li></ul></li><li>three</li></ul><ol start=\"9\"><li>x</li><li>y</li></ol><p>end</p>"
        #expect(
            StatusHTML.displayText(html, mentions: []) == """
                • one
                • two
                  • a
                  • b
                    cont
                • three

                9. x
                10. y

                end
                """)
        #expect(StatusHTML.indexText(html) == "one\ntwo\na\nb\ncont\nthree\n\nx\ny\n\nend")
        // Unclosed <li>s close each other; pretty-printed whitespace is ignored.
        #expect(StatusHTML.displayText("<ol>\n  <li>first\n  <li>second\n</ol>", mentions: []) == "1. first\n2. second")
        #expect(StatusHTML.displayText("<li>orphan</li>", mentions: []) == "• orphan")
    }

    @Test func blockquotesInDisplay() {
        let html = "<p>said:</p><blockquote><p>q1</p><p>q2<br>q3</p></blockquote><p>after</p>"
        #expect(StatusHTML.displayText(html, mentions: []) == "said:\n\n> q1\n>\n> q2\n> q3\n\nafter")
        #expect(StatusHTML.indexText(html) == "said:\n\nq1\n\nq2\nq3\n\nafter")
        #expect(
            StatusHTML.displayText("<blockquote>a<blockquote>b</blockquote></blockquote>", mentions: [])
                == "> a\n>\n> > b")
        #expect(StatusHTML.displayText("<blockquote><ul><li>item</li></ul></blockquote>", mentions: []) == "> • item")
    }

    @Test func horizontalRule() {
        #expect(StatusHTML.displayText("<p>above</p><hr><p>below</p>", mentions: []) == "above\n\n――――――――――\n\nbelow")
        #expect(StatusHTML.displayText("a<hr/>b", mentions: []) == "a\n――――――――――\nb")
        #expect(StatusHTML.indexText("a<hr/>b") == "a\nb")
    }

    @Test func preformattedTextIsVerbatim() {
        let html = "<p>code:</p><pre><code>func f() {\n    return  1\n}\n</code></pre><p>x <code>a  b</code> y</p>"
        let expected = "code:\n\nfunc f() {\n    return  1\n}\n\nx a  b y"
        #expect(StatusHTML.indexText(html) == expected)
        #expect(StatusHTML.displayText(html, mentions: []) == expected)
        // The newline right after <pre> is not content; &lt; inside pre is decoded.
        #expect(StatusHTML.indexText("<pre>\nline &lt;1&gt;\r\nline\t2</pre>") == "line <1>\nline\t2")
        #expect(StatusHTML.displayText("<blockquote><pre>a\n  b</pre></blockquote>", mentions: []) == "> a\n>   b")
    }

    @Test func emojiAndCJK() {
        let html =
            #"<p>日本語のテキスト、改行<br>한국어 👩‍👩‍👧 🇯🇵 :blobcat: <img class="emoji" alt=":blob:" src="x"> <img alt="a photo"></p>"#
        let expected = "日本語のテキスト、改行\n한국어 👩‍👩‍👧 🇯🇵 :blobcat: :blob:"
        #expect(StatusHTML.indexText(html) == expected)
        #expect(StatusHTML.displayText(html, mentions: []) == expected)
        #expect(StatusHTML.indexText("e&#x301; &zwj;") == "e\u{301} \u{200D}")
    }

    // MARK: Robustness

    /// Deterministic fuzzing over HTML-ish fragments and over random bytes: no crash, clean output.
    @Test func randomInputNeverBreaksTheConverter() {
        let fragments = [
            "<p>", "</p>", "<br>", "<br/>", "<span class=\"invisible\">", "<span class=\"ellipsis\">",
            "</span>", "<span class=\"h-card\">", "<a href=\"https://x.example/@u\" class=\"u-url mention\">",
            "<a href='https://y.example/tags/t' class=mention rel=tag>", "</a>", "<ul>", "<ol start=-3>",
            "<li>", "</li>", "</ul>", "</ol>", "<blockquote>", "</blockquote>", "<pre>", "</pre>",
            "<code>", "</code>", "<hr>", "<div class=\"quote-inline\">", "</div>", "<!--", "-->", "<",
            ">", "&", "&amp;", "&#", "&#x1F600;", "&#27;", "\"", "'", "=", " ", "\n", "\t", "x", "word",
            "日本", "👩‍👩‍👧", "\u{1B}", "\u{0}", "\u{9B}", "\u{A0}", "<script>", "</script>", "<STYLE>",
            "<svg>", "</svg>", "<img alt=\":e:\">", "<P CLASS=quote-inline>", "<h1>", "</h2>", "<td>",
        ]
        let mentions = [Mention(id: "1", username: "u", url: "https://x.example/@u", acct: "u")]
        var rng = SplitMix64(seed: 0x1CEB0C5)
        for _ in 0..<3000 {
            var html = ""
            for _ in 0..<Int(rng.next() % 40) { html += fragments[Int(rng.next() % UInt64(fragments.count))] }
            for output in [StatusHTML.indexText(html), StatusHTML.displayText(html, mentions: mentions)] {
                #expect(!Self.containsControlCharacter(output), "\(html.debugDescription)")
                #expect(output == output.trimmingCharacters(in: .whitespacesAndNewlines), "\(html.debugDescription)")
                for tag in ["<p>", "<br", "<span", "<a ", "<li", "<script", "<!--", "</"] {
                    #expect(!output.contains(tag), "\(tag) in output of \(html.debugDescription)")
                }
            }
        }
        for _ in 0..<1000 {
            let bytes = (0..<Int(rng.next() % 64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let html = String(decoding: bytes, as: UTF8.self)
            #expect(!Self.containsControlCharacter(StatusHTML.indexText(html)))
            #expect(!Self.containsControlCharacter(StatusHTML.displayText(html, mentions: mentions)))
        }
    }

    /// Pathological inputs of a few hundred kilobytes neither crash nor blow up the output size.
    @Test func pathologicalInputStaysBounded() {
        let n = 200_000
        let cases: [(String, String)] = [
            ("many <", String(repeating: "<", count: n)),
            ("many </ x", String(repeating: "</ ", count: n / 3)),
            ("many <!", String(repeating: "<!", count: n / 2)),
            (
                "open spans then stray ends",
                String(repeating: "<span>", count: n / 12) + String(repeating: "</b></span x>", count: n / 24)
            ),
            (
                "stray ends blocked by a paragraph",
                "<span><p>" + String(repeating: "<code>", count: n / 12) + String(repeating: "</span>", count: n / 14)
            ),
            (
                "references",
                String(repeating: "&#", count: n / 4)
                    + String(repeating: "&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", count: n / 80)
            ),
            (
                "unterminated quotes",
                String(repeating: "<a b=\"x' ", count: n / 16) + String(repeating: "<a b='>", count: n / 14)
            ),
            ("deep quotes", String(repeating: "<blockquote>x", count: n / 13)),
            ("deep lists", String(repeating: "<ul><li>x", count: n / 9)),
            ("mentions", String(repeating: "<a class=\"u-url mention\" href=x>@x", count: n / 36)),
            ("endless comment", "<!--" + String(repeating: "-", count: n)),
            ("endless script", "<script>" + String(repeating: "</scrip", count: n / 7)),
            ("breaks", String(repeating: "<br>", count: n / 4)),
        ]
        let mentions = [Mention(id: "1", username: "x", url: "x", acct: "x")]
        for (name, html) in cases {
            let sizes = (
                StatusHTML.indexText(html).utf8.count, StatusHTML.displayText(html, mentions: mentions).utf8.count
            )
            // Output stays proportional to input even with deep nesting.
            #expect(sizes.0 <= html.utf8.count * 2 && sizes.1 <= html.utf8.count * 40, "\(name): \(sizes)")
        }
    }
}

/// A small deterministic generator for the fuzz test.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Every named reference of the WHATWG list is decoded, from the table generated from that list.
@Suite struct EntityTableTests {
    @Test func rareNamedReferencesDecode() {
        #expect(StatusHTML.indexText("a &NotNestedGreaterGreater; b") == "a \u{2AA2}\u{0338} b", "two code points")
        #expect(StatusHTML.indexText("&copy 2026 &notit; &frac34x") == "© 2026 ¬it; ¾x", "legacy names without `;`")
        #expect(StatusHTML.indexText("&CounterClockwiseContourIntegral; &bne; &fjlig;") == "∳ =\u{20E5} fj")
        #expect(
            StatusHTML.indexText("&bogus; &Copy; &notaname;") == "&bogus; &Copy; ¬aname;",
            "unknown names stay as written")
        // In an attribute a legacy name followed by `=` or a letter is a query parameter, not a reference.
        #expect(
            StatusHTML.links("<a href=\"https://x.test/?a=1&copy=2&notb&not\">x</a>") == [
                "https://x.test/?a=1&copy=2&notb¬"
            ])
    }

    @Test func theWholeListIsThere() {
        #expect(
            StatusHTML.Entities.named.count == 2125, "2,231 entries of the list, 106 of them legacy names without `;`")
        #expect(StatusHTML.Entities.named.values.filter(\.legacy).count == 106)
    }
}
