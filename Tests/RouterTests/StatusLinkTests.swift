import Foundation
import Router
import Testing

@Suite struct StatusLinkTests {
    @Test(arguments: [
        ("https://Mastodon.Social/@Gargron/110231912093214213/?x=1", "mastodon.social", "110231912093214213"),
        ("https://mastodon.social/users/Gargron/statuses/110231912093214213", "mastodon.social", "110231912093214213"),
        ("https://gts.example/@alice/statuses/01HZX3V7Y6R3Q9K2M4N8P0T5WB", "gts.example", "01HZX3V7Y6R3Q9K2M4N8P0T5WB"),
        ("https://akkoma.example/notice/AM7iejUVqeZiIAYReK", "akkoma.example", "AM7iejUVqeZiIAYReK"),
        ("https://misskey.example/notes/9abcdefghi", "misskey.example", "9abcdefghi"),
        ("https://pixelfed.social/p/dansup/650000000000000001", "pixelfed.social", "650000000000000001"),
        ("https://pixelfed.social/i/web/post/650000000000000001", "pixelfed.social", "650000000000000001"),
        ("https://mastodon.social/@alice@example.social/42", "mastodon.social", "42"),
        ("http://127.0.0.1:8080/@a/7", "127.0.0.1:8080", "7"),
    ])
    func carriesTheHostAndItsID(_ link: String, _ host: String, _ localID: String) throws {
        let status = try #require(StatusLink(url: URL(string: link)!))
        #expect(status.host == host)
        #expect(status.localID == localID)
    }

    @Test func aPleromaObjectURIHasNoLocalID() throws {
        let link = try #require(StatusLink(url: URL(string: "https://akkoma.example/objects/5e8a9c1f-3b2d")!))
        #expect(link.host == "akkoma.example")
        #expect(link.localID == nil)
    }

    @Test(arguments: URLTableTests.statuses)
    func normalisingIsIdempotentAndMatchesTheRoute(_ row: Row) throws {
        let link = try #require(StatusLink(url: URL(string: row.link)!))
        #expect(StatusLink(url: link.url) == link)
        #expect(row.expected == .route(.remoteStatusDetail(url: link.url)))
    }

    @Test(arguments: [
        "https://example.social/@alice", "https://example.social/tags/swift", "mailto:a@b.c",
        "https://example.social/about",
    ])
    func onlyStatusLinksAreStatusLinks(_ link: String) {
        #expect(StatusLink(url: URL(string: link)!) == nil)
    }
}
