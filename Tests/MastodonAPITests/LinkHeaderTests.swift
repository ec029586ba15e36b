import Foundation
import Logging
import MastodonAPI
import Testing
import Transport

@Suite struct LinkHeaderTests {
    @Test func mastodonTagPageRecording() throws {
        let header =
            #"<http://localhost:3000/api/v1/timelines/tag/hoot?max_id=117020593741189701>; rel="next", <http://localhost:3000/api/v1/timelines/tag/hoot?min_id=117020593741189701>; rel="prev""#
        let links = LinkHeader(header)
        #expect(links.parameter("max_id", rel: "next") == "117020593741189701")
        #expect(links.parameter("min_id", rel: "prev") == "117020593741189701")
    }

    @Test func bookmarkRowIdsAreTakenAsGivenNotAsStatusIds() {
        let links = LinkHeader(
            #"<http://localhost:3000/api/v1/bookmarks?limit=1&max_id=1>; rel="next", <http://localhost:3000/api/v1/bookmarks?limit=1&min_id=1>; rel="prev""#
        )
        #expect(links.parameter("max_id", rel: "next") == "1")
        #expect(links.parameter("min_id", rel: "prev") == "1")
        #expect(links.parameter("limit", rel: "next") == "1")
    }

    @Test(arguments: [
        // Reversed order, unquoted rel, extra params, several rels, opaque ULID and flake cursors.
        #"<https://gts.example/api/v1/timelines/home?min_id=01HE7Y3C432WRSNS10EZM86SA5>; rel=prev, <https://gts.example/api/v1/timelines/home?max_id=01FHMQX3GAABWSM0S2VZEC2SWC>; rel=next"#,
        #"<https://p.example/api/v1/timelines/home?max_id=01FHMQX3GAABWSM0S2VZEC2SWC&limit=40>; title="a, b"; rel="next last", <https://p.example/x?min_id=01HE7Y3C432WRSNS10EZM86SA5>; rel="prev""#,
    ])
    func anyOrderAndQuoting(_ header: String) {
        let links = LinkHeader(header)
        #expect(links.parameter("max_id", rel: "next") == "01FHMQX3GAABWSM0S2VZEC2SWC")
        #expect(links.parameter("min_id", rel: "prev") == "01HE7Y3C432WRSNS10EZM86SA5")
    }

    @Test func emptyOrGarbageHeadersHaveNoLinks() {
        #expect(LinkHeader("").links.isEmpty)
        #expect(LinkHeader("garbage; rel=next").links.isEmpty)
        #expect(LinkHeader("<unterminated; rel=next").links.isEmpty)
    }

    @Test func rateLimitHeadersWithMicroseconds() throws {
        let limit = try #require(
            RateLimit(headers: [
                "X-RateLimit-Limit": "300", "x-ratelimit-remaining": "299",
                "X-RateLimit-Reset": "2026-08-01T14:00:00.070144Z",
            ]))
        #expect(limit.limit == 300 && limit.remaining == 299)
        #expect(abs((limit.reset?.timeIntervalSince1970 ?? 0) - 1_785_592_800.070144) < 0.001)
        #expect(RateLimit(headers: ["X-RateLimit-Limit": "many"]) == nil)
    }
}

@Suite struct ServerAddressTests {
    @Test(arguments: [
        ("mastodon.social", "https://mastodon.social"), ("https://Mastodon.Social/", "https://mastodon.social"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"), ("http://localhost:3000", "http://localhost:3000"),
        ("http://[::1]:3000", "http://[::1]:3000"), ("fosstodon.org:8443", "https://fosstodon.org:8443"),
    ])
    func accepted(_ text: String, _ expected: String) throws {
        #expect(try ServerAddress(text).description == expected)
    }

    @Test(arguments: [
        "", "http://mastodon.social", "http://10.0.0.1", "http://127.0.0.1.evil.example",
        "ftp://a.example", "https://a.example/path", "https://user@a.example", "http://192.168.1.2:3000",
    ])
    func refused(_ text: String) {
        #expect(throws: ServerAddress.Invalid.self) { try ServerAddress(text) }
    }
}

@Suite struct QueryEncodingTests {
    @Test func plusSignsInQueryValuesAreEncoded() throws {
        let client = MastodonClient(server: try ServerAddress("a.example"), token: nil, logger: .init(label: "t"))
        let url = client.url(for: Timelines.hashtag(tag: "x", any: ["a+b"]), cursor: PageCursor(maxID: "A+B"))
        #expect(url.absoluteString == "https://a.example/api/v1/timelines/tag/x?any%5B%5D=a%2Bb&max_id=A%2BB")
    }
}
