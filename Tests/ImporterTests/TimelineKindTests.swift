import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import MastodonTestServer
import Testing

/// Every timeline kind, paged the way its endpoint really works, archives exactly what it serves.
@Suite struct TimelineKindTests {
    @Test func eachKindArchivesExactlyWhatItsEndpointServes() async throws {
        let fixture = try await SyncFixture.start(statuses: 400)
        defer { Task { await fixture.server.stop() } }
        let alice = try await fixture.addAlice()
        let snapshot = await fixture.server.snapshot()
        let list = try #require(snapshot.listIDs["alice"])
        let tag = try #require(snapshot.tags.first)
        let base = fixture.server.baseURL.absoluteString
        // spec → (path that serves it, the key holding the status for notification-shaped answers)
        let kinds: [(String, String, String?, String?)] = [
            ("bookmarks", "/api/v1/bookmarks", "test-token", nil),
            ("favourites", "/api/v1/favourites", "test-token", nil),
            ("own", "/api/v1/accounts/\(alice.remoteID)/statuses", "test-token", nil),
            ("mentions", "/api/v1/notifications?types[]=mention", "test-token", "status"),
            ("list:\(list)", "/api/v1/timelines/list/\(list)", "test-token", nil),
            ("tag:\(tag)", "/api/v1/timelines/tag/\(tag)", "test-token", nil),
            ("federated", "/api/v1/timelines/public", "test-token", nil),
            ("tag:\(tag)@\(base)", "/api/v1/timelines/tag/\(tag)", nil, nil),
        ]
        var pinned: [(PinnedTimeline, String, String?, String?)] = []
        for (spec, path, token, key) in kinds {
            pinned.append((try await fixture.pin(spec, account: nil), path, token, key))
        }
        let reports = try await fixture.sync()
        #expect(reports.allSatisfy { $0.outcome == .ok && $0.backfillComplete }, "\(reports)")
        for (timeline, path, token, key) in pinned {
            let served = try await ServedTimeline.archiveKeys(
                baseURL: fixture.server.baseURL, path: path, token: token,
                statusKey: key)
            #expect(!served.isEmpty, "\(timeline.spec) serves something")
            #expect(Set(try await fixture.archive.statusURIs(timelineID: timeline.id)) == served, "\(timeline.spec)")
        }
        // Bookmarks page by the bookmark row id, never by the status id.
        let bookmarkRequests = await fixture.server.requestLog().filter { $0.path == "/api/v1/bookmarks" }
        let cursors = bookmarkRequests.compactMap { $0.value("max_id") ?? $0.value("min_id") }
        #expect(!cursors.isEmpty && cursors.allSatisfy { $0.count < 8 }, "row ids, not snowflakes: \(cursors)")

        // A second run with nothing new: one request per timeline.
        await fixture.server.clearRequestLog()
        let again = try await fixture.sync()
        #expect(again.allSatisfy { $0.new == 0 && $0.requests == 1 }, "\(again.map { ($0.timeline, $0.requests) })")

        // A new bookmark of an old status arrives through the bookmark cursor, not the status id.
        let old = try #require(await fixture.server.timelineIDs(.local).last)
        _ = await fixture.server.bookmark(statusID: old, username: "alice")
        let third = try await fixture.sync()
        #expect(third.first { $0.timeline.hasPrefix("bookmarks") }?.requests == 2)
        let bookmarks = pinned[0].0
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/bookmarks",
            token: "test-token")
        #expect(Set(try await fixture.archive.statusURIs(timelineID: bookmarks.id)) == served)
    }
}
