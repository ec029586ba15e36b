import Foundation
import Router
import Testing

/// One row of the URL table: a link and what it must resolve to.
struct Row: Sendable, CustomTestStringConvertible {
    var link: String
    var expected: URLResolution
    var testDescription: String { link }

    static func status(_ link: String, _ normalized: String) -> Row {
        Row(link: link, expected: .route(.remoteStatusDetail(url: URL(string: normalized)!)))
    }
    static func account(_ link: String, _ handle: String) -> Row {
        Row(link: link, expected: .route(.accountDetail(id: handle)))
    }
    static func tag(_ link: String, _ tag: String, by account: String? = nil) -> Row {
        Row(link: link, expected: .route(.hashTag(tag: tag, account: account)))
    }
    static func none(_ link: String, _ reason: URLResolution.Reason) -> Row {
        Row(link: link, expected: .notARoute(reason))
    }
}

@Suite struct URLTableTests {
    static let snowflake = "110231912093214213"
    static let ulid = "01HZX3V7Y6R3Q9K2M4N8P0T5WB"
    static let flake = "AM7iejUVqeZiIAYReK"

    static let statuses: [Row] = [
        .status("https://mastodon.social/@Gargron/\(snowflake)", "https://mastodon.social/@Gargron/\(snowflake)"),
        .status("https://mastodon.social/@Gargron/\(snowflake)/", "https://mastodon.social/@Gargron/\(snowflake)"),
        .status(
            "https://mastodon.social/@Gargron/\(snowflake)?utm_source=x&a=b#reply",
            "https://mastodon.social/@Gargron/\(snowflake)"),
        .status("HTTPS://Mastodon.SOCIAL/@Gargron/\(snowflake)", "https://mastodon.social/@Gargron/\(snowflake)"),
        .status("https://mastodon.social/%40Gargron/\(snowflake)", "https://mastodon.social/@Gargron/\(snowflake)"),
        .status(
            "https://mastodon.social/users/Gargron/statuses/\(snowflake)",
            "https://mastodon.social/users/Gargron/statuses/\(snowflake)"),
        .status(
            "https://mastodon.social/@alice@example.social/\(snowflake)",
            "https://mastodon.social/@alice@example.social/\(snowflake)"),
        .status("https://mastodon.social/deck/@Gargron/\(snowflake)", "https://mastodon.social/@Gargron/\(snowflake)"),
        .status("https://mastodon.social/web/statuses/\(snowflake)", "https://mastodon.social/statuses/\(snowflake)"),
        .status("https://gts.example/@alice/statuses/\(ulid)/", "https://gts.example/@alice/statuses/\(ulid)"),
        .status("https://gts.example/users/alice/statuses/\(ulid)", "https://gts.example/users/alice/statuses/\(ulid)"),
        .status("https://akkoma.example/notice/\(flake)#content", "https://akkoma.example/notice/\(flake)"),
        .status("https://akkoma.example/@bob/\(flake)", "https://akkoma.example/@bob/\(flake)"),
        .status(
            "https://akkoma.example/objects/5e8a9c1f-3b2d-4f6a-9c8e-7d6b5a4c3e2f",
            "https://akkoma.example/objects/5e8a9c1f-3b2d-4f6a-9c8e-7d6b5a4c3e2f"),
        .status("https://misskey.example/notes/9abcdefghi", "https://misskey.example/notes/9abcdefghi"),
        .status(
            "https://pixelfed.social/p/dansup/650000000000000001", "https://pixelfed.social/p/dansup/650000000000000001"
        ),
        .status(
            "https://pixelfed.social/i/web/post/650000000000000001",
            "https://pixelfed.social/i/web/post/650000000000000001"),
        .status("https://example.social:443/@a/1", "https://example.social/@a/1"),
        .status("http://127.0.0.1:8080/@a/1", "http://127.0.0.1:8080/@a/1"),
    ]

    static let accounts: [Row] = [
        .account("https://example.social/@alice", "alice@example.social"),
        .account("https://example.social/@alice/", "alice@example.social"),
        .account("https://Example.SOCIAL/@Alice", "Alice@example.social"),
        .account("https://example.social/%40alice?tab=posts#top", "alice@example.social"),
        .account("https://mastodon.social/@alice@Example.Social", "alice@example.social"),
        .account("https://example.social/users/alice", "alice@example.social"),
        .account("https://example.social/users/alice/", "alice@example.social"),
        .account("https://example.social/@alice/with_replies", "alice@example.social"),
        .account("https://example.social/@alice/media", "alice@example.social"),
        Row(
            link: "https://example.social/@alice/following",
            expected: .route(.following(id: "alice@example.social"))),
        Row(
            link: "https://Example.Social/@bob@other.example/followers",
            expected: .route(.followers(id: "bob@other.example"))),
        Row(
            link: "https://example.social/@alice/110231912093214213/reblogs",
            expected: .route(.rebloggedBy(id: "https://example.social/@alice/110231912093214213"))),
        Row(
            link: "https://example.social/@alice/110231912093214213/favourites?x=1",
            expected: .route(.favoritedBy(id: "https://example.social/@alice/110231912093214213"))),
        .account("https://example.social/deck/@alice", "alice@example.social"),
        .account("https://example.social/@jean.luc-p", "jean.luc-p@example.social"),
        .account("http://127.0.0.1:8080/@alice", "alice@127.0.0.1:8080"),
    ]

    static let tags: [Row] = [
        .tag("https://example.social/tags/swift", "swift"),
        .tag("https://example.social/tags/Swift/", "Swift"),
        .tag("https://pixelfed.social/discover/tags/swift?src=hash", "swift"),
        .tag("https://akkoma.example/tag/swift", "swift"),
        .tag("https://example.social/tags/%E6%97%A5%E6%9C%AC", "日本"),
        .tag("https://example.social/tags/swift_lang#x", "swift_lang"),
        .tag("https://example.social/@alice/tagged/swift", "swift", by: "alice@example.social"),
    ]

    static let nonRoutes: [Row] = [
        .none("https://example.social", .unknownPath),
        .none("https://example.social/", .unknownPath),
        .none("https://example.social/about", .unknownPath),
        .none("https://example.social/explore/links", .unknownPath),
        .none("https://example.social/tags/", .unknownPath),
        .none("https://example.social/tags/swift.rss", .unknownPath),
        .none("https://example.social/@/123", .unknownPath),
        .none("https://example.social/@alice/123/extra/more", .unknownPath),
        .none("https://example.social/@alice/12%2F3", .unknownPath),
        .none("https://example.social/@%FF/1", .unknownPath),
        .none("https://example.social/users/alice/followers", .unknownPath),
        .none("https://example.social/alice", .unknownPath),
        .none("mailto:alice@example.social", .unsupportedScheme("mailto")),
        .none("ftp://example.social/@alice/1", .unsupportedScheme("ftp")),
        .none("FILE:///tmp/@alice", .unsupportedScheme("file")),
        .none("/@alice/123", .relative),
        .none("example.social/@alice", .relative),
        .none("https:///tags/swift", .noHost),
    ]

    @Test(arguments: statuses + accounts + tags + nonRoutes)
    func urlResolvesAsTheTableSays(_ row: Row) throws {
        let url = try #require(URL(string: row.link))
        #expect(RouterDestination.resolution(for: url) == row.expected)
        #expect(RouterDestination.resolve(url: url) == row.expected.destination)
    }

    @Test func aRelativeURLWithABaseResolvesAgainstIt() throws {
        let url = try #require(URL(string: "/@alice/1?x=y", relativeTo: URL(string: "https://example.social/home")))
        #expect(
            RouterDestination.resolve(url: url)
                == .remoteStatusDetail(url: URL(string: "https://example.social/@alice/1")!))
    }

    @Test func linksNeverBecomeBareStatusIDs() throws {
        for row in Self.statuses + Self.accounts + Self.tags {
            if case .statusDetail = try #require(row.expected.destination) { Issue.record("\(row.link)") }
            if case .statusDetail = RouterDestination.resolve(url: URL(string: row.link)!) {
                Issue.record("\(row.link)")
            }
        }
    }

    @Test func reasonsReadAsSentences() {
        #expect(URLResolution.Reason.unknownPath.description == "not a Mastodon status, account or tag URL")
        #expect(URLResolution.Reason.unsupportedScheme("mailto").description.contains("mailto:"))
        #expect(URLResolution.Reason.relative.description.contains("no server"))
        #expect(URLResolution.Reason.noHost.description.contains("no server"))
    }
}
