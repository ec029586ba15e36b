import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing

/// `MastodonClient` against the in-process `TestServer` on 127.0.0.1.
@Suite struct ClientPagingTests {
    @Test func homePageCursorsAreTheLinkHeadersIDs() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let page = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            let expected = await server.timelineIDs(.home("alice"))
            #expect(expected.count > 40, "the corpus must be bigger than one page for this test to mean anything")
            #expect(page.items.count == 40)
            #expect(page.httpStatus == 200)
            #expect(page.items.map(\.status.id) == Array(expected.prefix(40)))

            // The same request through `send`, reading the Link header by hand.
            let raw = try await client.send(Timelines.home, cursor: PageCursor(limit: 40))
            let link = raw.header("Link")
            #expect(link != nil)
            #expect(page.next == linkParameter(link, rel: "next", "max_id"))
            #expect(page.previous == linkParameter(link, rel: "prev", "min_id"))
            #expect(page.next == page.items.last?.status.id)
            #expect(page.previous == page.items.first?.status.id)

            // Asking for more than 40 still yields at most 40.
            let big = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 100))
            #expect(big.items.count <= 40)
            // No limit: Mastodon's default of 20.
            let plain = try await client.statuses(Timelines.home, cursor: PageCursor())
            #expect(plain.items.count == 20)
        }
    }

    @Test func pagingWithNextReturnsEveryHomeIDOnce() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let expected = await server.timelineIDs(.home("alice"))
            var seen: [String] = []
            var cursor = PageCursor(limit: 40)
            var pages = 0
            while true {
                let page = try await client.statuses(Timelines.home, cursor: cursor)
                pages += 1
                #expect(page.items.count <= 40)
                if page.items.isEmpty {
                    #expect(page.next == nil && page.previous == nil, "an empty page has no Link header")
                    break
                }
                seen += page.items.map(\.status.id)
                let next = try #require(page.next)
                cursor = PageCursor(maxID: next, limit: 40)
                try #require(pages < 100, "paging does not end")
            }
            #expect(seen == expected)
            #expect(Set(seen).count == seen.count, "no id twice")
            #expect(pages == (expected.count + 39) / 40 + 1)
        }
    }

    @Test func minIDCatchUpReturnsExactlyTheNewStatuses() async throws {
        // Alice follows everyone, so every new status lands in her home.
        try await withTestServer({ $0.homeShare = 1 }) { server in
            let client = try server.client()
            let before = await server.timelineIDs(.home("alice"))
            let newest = try #require(before.first)
            let added = await server.addStatuses(45)
            let after = await server.timelineIDs(.home("alice"))
            let arrived = Array(after.prefix(after.count - before.count))
            #expect(Array(after.dropFirst(arrived.count)) == before)
            #expect(Set(arrived) == Set(added), "all 45 new statuses are in alice's home")
            #expect(arrived.count == 45)

            var cursor = PageCursor(minID: newest, limit: 40)
            var pages: [[String]] = []
            while true {
                let page = try await client.statuses(Timelines.home, cursor: cursor)
                let ids = page.items.map(\.status.id)
                if ids.isEmpty { break }
                pages.append(ids)
                let previous = try #require(page.previous)
                #expect(previous == ids.first, "prev is the newest id of the page")
                cursor = PageCursor(minID: previous, limit: 40)
                try #require(pages.count < 10, "catch-up does not end")
            }
            #expect(pages.map(\.count) == [40, 5])
            // Newest first within each page; pages move up in time.
            #expect(pages.reversed().flatMap { $0 } == arrived)
            #expect(Set(pages.flatMap { $0 }).isDisjoint(with: before))
        }
    }

    @Test func rateLimitHeadersAreParsed() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let first = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 5))
            let second = try await client.statuses(Timelines.home, cursor: PageCursor(maxID: first.next, limit: 5))
            let a = try #require(first.rateLimit)
            let b = try #require(second.rateLimit)
            #expect(a.limit == 300 && b.limit == 300)
            #expect(a.reset != nil && b.reset != nil)
            #expect(b.remaining < a.remaining)
            #expect(a.remaining < a.limit)
        }
    }

    // MARK: - Raw bytes

    @Test func rawBytesAreTheFixtureFilesBytes() async throws {
        try await withTestServer { server in
            let client = try server.client(token: nil)
            var items: [ArchivableStatus] = []
            var cursor = PageCursor(limit: 3)
            for _ in 0..<50 {
                let page = try await client.statuses(Timelines.hashtag(tag: "fixtures"), cursor: cursor)
                if page.items.isEmpty { break }
                items += page.items
                let next: String = try #require(page.next)
                cursor = PageCursor(maxID: next, limit: 3)
            }
            let fixtureCount = await server.snapshot().fixtureCount
            #expect(fixtureCount > 5)
            #expect(items.count == fixtureCount)

            let files = try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)
                .filter { $0.hasSuffix(".json") }
                .map { ($0, trimmed(try Data(contentsOf: fixturesDirectory.appendingPathComponent($0)))) }
            var exactMatches = 0
            for item in items {
                let id = item.status.id
                if files.contains(where: { $0.1 == item.raw }) {
                    exactMatches += 1
                } else {
                    // From a file holding an array of statuses: a byte-exact slice of that file.
                    let container = files.first { $0.1.first == UInt8(ascii: "[") && $0.1.range(of: item.raw) != nil }
                    #expect(container != nil, "status \(id): raw bytes are not a slice of any fixture file")
                }
                #expect(item.raw.first == UInt8(ascii: "{") && item.raw.last == UInt8(ascii: "}"))
                let object = try JSONSerialization.jsonObject(with: item.raw) as? [String: Any]
                #expect((object?["id"] as? String ?? (object?["id"] as? NSNumber)?.stringValue) == id)
                if let reblog = item.rawReblog {
                    #expect(item.raw.range(of: reblog) != nil, "rawReblog is a slice of raw")
                    #expect(item.status.reblog != nil)
                }
            }
            // Every single-status fixture file (status_*.json, bar edit history) is served byte for byte.
            let singleFiles = files.filter { $0.0.hasPrefix("status_") && !$0.0.contains("history") }
            #expect(!singleFiles.isEmpty)
            for (name, bytes) in singleFiles {
                #expect(items.contains { $0.raw == bytes }, "\(name) is not served byte for byte")
            }
            #expect(exactMatches >= singleFiles.count)
        }
    }

    @Test func rawBytesOfSyntheticStatusesAreSlicesOfTheResponse() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let response = try await client.send(Timelines.home, cursor: PageCursor(limit: 40))
            let page = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            #expect(!page.items.isEmpty)
            for item in page.items {
                #expect(response.body.range(of: item.raw) != nil, "\(item.status.id): raw is not in the body")
                let object = try JSONSerialization.jsonObject(with: item.raw) as? [String: Any]
                #expect(object?["id"] as? String == item.status.id)
            }
        }
    }

    // MARK: - Bookmarks

    @Test func bookmarkCursorsAreRowIDsNotStatusIDs() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let home = await server.timelineIDs(.home("alice"))
            let newerStatus = try #require(home.first)
            let olderStatus = try #require(home.last)
            // Bookmark the newer status first and the older one last: row order ≠ status order.
            let firstRow = try #require(await server.bookmark(statusID: newerStatus, username: "alice"))
            let secondRow = try #require(await server.bookmark(statusID: olderStatus, username: "alice"))
            #expect(secondRow > firstRow)

            let page = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(limit: 1))
            #expect(page.items.map(\.status.id) == [olderStatus])
            #expect(page.next == String(secondRow))
            #expect(page.previous == String(secondRow))
            #expect(page.next != olderStatus)

            let older = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(maxID: page.next, limit: 1))
            #expect(older.items.map(\.status.id) == [newerStatus])
            #expect(older.next == String(firstRow))

            let caughtUp = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(minID: String(firstRow)))
            #expect(caughtUp.items.map(\.status.id) == [olderStatus])
            let none = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(minID: String(secondRow)))
            #expect(none.items.isEmpty)
        }
    }

    // MARK: - Anonymous access

}
