import Foundation
import IceboxTestSupport
import Testing

@testable import MastodonTestServer

@Suite("Pagination like Mastodon")
struct PaginationTests {
    @Test func defaultLimitIsTwentyAndClampsAtForty() async throws {
        try await withTestServer { server in
            let first = try await fetch(server.url("/api/v1/timelines/public"))
            #expect(first.status == 200)
            #expect(first.ids.count == 20)
            #expect(first.header("Content-Type") == "application/json; charset=utf-8")
            let big = try await fetch(server.url("/api/v1/timelines/home?limit=100"), token: "test-token")
            #expect(big.ids.count == 40)
        }
    }

    @Test func maxIDIsStrictlyOlderAndPagesAreNewestFirst() async throws {
        try await withTestServer { server in
            let all = await server.timelineIDs(.federated)
            let page = try await fetch(server.url("/api/v1/timelines/public?limit=5&max_id=\(all[3])"))
            #expect(page.ids == Array(all[4..<9]))
            for (a, b) in zip(page.ids, page.ids.dropFirst()) { #expect(isNewer(a, than: b)) }
        }
    }

    @Test func minIDReturnsTheItemsImmediatelyAboveNewestFirst() async throws {
        try await withTestServer { server in
            let all = await server.timelineIDs(.federated)
            let page = try await fetch(server.url("/api/v1/timelines/public?limit=3&min_id=\(all[20])"))
            #expect(page.ids == [all[17], all[18], all[19]])
        }
    }

    @Test func sinceIDReturnsTheNewestAboveAndCanLeaveAGap() async throws {
        try await withTestServer { server in
            let all = await server.timelineIDs(.federated)
            let page = try await fetch(server.url("/api/v1/timelines/public?limit=3&since_id=\(all[20])"))
            #expect(page.ids == Array(all[0..<3]))
        }
    }

    @Test func maxAndMinCombine() async throws {
        try await withTestServer { server in
            let all = await server.timelineIDs(.federated)
            let page = try await fetch(
                server.url("/api/v1/timelines/public?limit=40&max_id=\(all[2])&min_id=\(all[8])"))
            #expect(page.ids == Array(all[3..<8]))
        }
    }

    @Test func linkHeaderHasBothRelsKeepsParamsAndIsAbsentOnEmptyPage() async throws {
        try await withTestServer { server in
            let page = try await fetch(server.url("/api/v1/timelines/public?local=true&limit=4"))
            #expect(page.ids.count == 4)
            #expect(page.linkValue("next", "max_id") == page.ids.last)
            #expect(page.linkValue("prev", "min_id") == page.ids.first)
            #expect(page.linkValue("next", "local") == "true")
            #expect(page.linkValue("next", "limit") == "4")
            #expect(page.links["next"]?.host == "127.0.0.1")
            let newest = page.ids[0]
            let empty = try await fetch(server.url("/api/v1/timelines/public?local=true&min_id=\(newest)"))
            #expect(empty.status == 200)
            #expect(empty.ids.isEmpty)
            #expect(empty.header("Link") == nil)
        }
    }

    @Test func tagLinkKeepsOnlyLocalLimitAndOnlyMedia() async throws {
        try await withTestServer { server in
            let page = try await fetch(
                server.url("/api/v1/timelines/tag/swift?limit=2&any[]=linux&none[]=cats&local=false"))
            #expect(!page.ids.isEmpty)
            let next = try #require(page.links["next"]).absoluteString
            #expect(!next.contains("any"))
            #expect(!next.contains("none"))
            #expect(page.linkValue("next", "local") == "false")
            #expect(page.linkValue("next", "limit") == "2")
        }
    }

    @Test func nonASCIITagLinksStayPercentEncoded() async throws {
        try await withTestServer { server in
            let expected = await server.timelineIDs(.tag("日本語"))
            let first = try await fetch(server.url("/api/v1/timelines/tag/%E6%97%A5%E6%9C%AC%E8%AA%9E?limit=1"))
            #expect(first.ids == Array(expected.prefix(1)))
            #expect(first.header("Link")?.contains("/tag/%E6%97%A5%E6%9C%AC%E8%AA%9E?") == true)
            let second = try await fetch(try #require(first.links["next"]))
            #expect(second.ids == Array(expected.dropFirst().prefix(1)))
        }
    }

    @Test func pagingBackThroughHomeGetsEveryStatusExactlyOnce() async throws {
        try await withTestServer { server in
            let expected = await server.timelineIDs(.home("alice"))
            #expect(expected.count > 40)
            var seen: [String] = []
            var url = server.url("/api/v1/timelines/home?limit=40")
            while true {
                let page = try await fetch(url, token: "test-token")
                #expect(page.status == 200)
                if page.ids.isEmpty { break }
                seen += page.ids
                url = try #require(page.links["next"])
            }
            #expect(seen == expected)
            #expect(Set(seen).count == seen.count)
        }
    }

    @Test func statusIDsAreSnowflakeStrings() async throws {
        try await withTestServer { server in
            let page = try await fetch(server.url("/api/v1/timelines/public?limit=40"))
            for object in page.objects {
                let id = try #require(object["id"] as? String)
                #expect(id.count >= 17 && id.allSatisfy(\.isNumber))
                let created = try #require(object["created_at"] as? String)
                #expect(created.hasSuffix("Z") && created.count == 24)
                #expect(object["reblog"] is NSNull)  // the public timeline has no boosts
            }
        }
    }

    @Test func bookmarksPageByRowIDsNotStatusIDs() async throws {
        try await withTestServer { server in
            let expected = await server.timelineIDs(.bookmarks("alice"))
            let first = try await fetch(server.url("/api/v1/bookmarks?limit=3"), token: "test-token")
            #expect(first.ids == Array(expected.prefix(3)))
            let cursor = try #require(first.linkValue("next", "max_id"))
            #expect(cursor.count < 6, "row ids are small numbers, not snowflakes")
            #expect(!first.ids.contains(cursor))
            var seen = first.ids
            var next = first.links["next"]
            while let url = next {
                let page = try await fetch(url, token: "test-token")
                if page.ids.isEmpty { break }
                seen += page.ids
                next = page.links["next"]
            }
            #expect(seen == expected)
            let row = try #require(await server.bookmark(statusID: expected.last!, username: "alice"))
            let prev = try await fetch(
                server.url("/api/v1/bookmarks?min_id=\(try #require(first.linkValue("prev", "min_id")))"),
                token: "test-token")
            #expect(prev.ids == [expected.last!])
            #expect(prev.linkValue("prev", "min_id") == String(row))
        }
    }

    @Test func mentionsAreNotificationsFilteredByType() async throws {
        try await withTestServer { server in
            let page = try await fetch(
                server.url("/api/v1/notifications?types[]=mention&limit=40"), token: "test-token")
            #expect(page.status == 200)
            #expect(!page.objects.isEmpty)
            #expect(page.objects.allSatisfy { $0["type"] as? String == "mention" })
            let statuses = page.objects.compactMap { ($0["status"] as? [String: Any])?["id"] as? String }
            #expect(statuses == Array(await server.timelineIDs(.mentions("alice")).prefix(40)))
        }
    }
}
