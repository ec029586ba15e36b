import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Models
import Testing

@Suite struct StoreTests {
    func pinned(_ archive: TemporaryArchive, spec: String = "remote:a.example") async throws -> PinnedTimeline {
        try await archive.database.addTimeline(spec: spec, accountID: nil, server: "https://a.example")
    }

    @Test func everyRealFixtureIsStoredAndIndexed() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        let statuses = try Fixtures.allStatuses()
        let result = try await archive.database.store(
            statuses, server: "a.example", timelineID: timeline.id, cursor: .init())
        let boosts = statuses.filter { $0.status.reblog != nil }.count
        let uris = Set(statuses.map(\.status.archiveURI) + statuses.compactMap { $0.status.reblog?.archiveURI })
        #expect(result.new == uris.count)
        #expect(try await archive.database.allStatusURIs() == uris.sorted())
        #expect(try await archive.database.stats().boosts == boosts)
        for status in statuses {
            #expect(
                try await archive.database.rawJSON(uri: status.status.archiveURI) == status.raw, "kept byte-for-byte")
        }
        // The card status's full link is searchable through the invisible span's text.
        #expect(try await archive.database.matchingURIs(fts: "soundcloud").count >= 1)
        // Alt text of the gifv, poll options, GoToSocial text outside Mastodon's HTML subset.
        #expect(try await archive.database.matchingURIs(fts: "breakdancing").count == 1)
        #expect(try await archive.database.matchingURIs(fts: "hecker").count == 1)
        #expect(try await archive.database.matchingURIs(fts: "sloth").count == 1)
        #expect(try await archive.database.integrityCheck() == "ok")
    }

    @Test func aPleromaBoostThatSharesThePostsUriIsStillTwoRows() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        let page = try ArchivableStatus.decodePage(Fixtures.data("timeline_public_reblog.pleroma-via-federatz.json"))
            .items
        let wrapper = try #require(page.first?.status)
        #expect(wrapper.uri == wrapper.reblog?.uri, "the fixture shows Pleroma's quirk")
        let result = try await archive.database.store(
            page, server: "p.example", timelineID: timeline.id, cursor: .init())
        #expect(result.new == 2)
        #expect(wrapper.archiveURI != wrapper.uri && wrapper.archiveURI.hasPrefix(wrapper.uri))
        #expect(try await archive.database.stats().boosts == 1)
        #expect(try await archive.database.rawJSON(uri: wrapper.uri) == page.first?.rawReblog)
    }

    @Test func theSamePostFromTwoServersIsOneRowWithBothIds() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        let first = Fixtures.status(id: "100", text: "hello")
        var second = first
        second.status.id = "01HXYZULIDFROMANOTHERSERVER"
        _ = try await archive.database.store([first], server: "a.example", timelineID: timeline.id, cursor: .init())
        let again = try await archive.database.store(
            [second], server: "b.example", timelineID: timeline.id, cursor: .init())
        #expect(again.new == 0)
        #expect(try await archive.database.stats().statuses == 1)
    }

    @Test func anEditUpdatesTheRowAndKeepsTheEarlierVersion() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        let original = Fixtures.status(id: "7", text: "first draft")
        let edited = Fixtures.status(id: "7", text: "final words", editedAt: "2026-01-02T00:00:00.000Z")
        _ = try await archive.database.store([original], server: "a.example", timelineID: timeline.id, cursor: .init())
        let unchanged = try await archive.database.store(
            [original], server: "a.example", timelineID: timeline.id, cursor: .init())
        #expect(unchanged.updated == 0 && unchanged.new == 0)
        let result = try await archive.database.store(
            [edited], server: "a.example", timelineID: timeline.id, cursor: .init())
        #expect(result.updated == 1)
        #expect(try await archive.database.matchingURIs(fts: "final").count == 1)
        #expect(try await archive.database.matchingURIs(fts: "draft").isEmpty, "the index follows the edit")
        #expect(try await archive.database.versions(uri: original.status.uri) == [original.raw])
        #expect(try await archive.database.rawJSON(uri: original.status.uri) == edited.raw)
    }

    @Test func cursorsMoveWithThePageAndBackfillCompletes() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        _ = try await archive.database.store(
            [Fixtures.status(id: "5", text: "x")], server: "a.example",
            timelineID: timeline.id,
            cursor: CursorUpdate(newestCursor: "5", backfillCursor: "5", countsAsBackfillPage: true))
        var state = try await archive.database.timeline(id: timeline.id)
        #expect(
            state.newestCursor == "5" && state.backfillCursor == "5" && !state.backfillComplete
                && state.backfillPages == 1)
        try await archive.database.updateCursor(timelineID: timeline.id, CursorUpdate(backfillComplete: true))
        state = try await archive.database.timeline(id: timeline.id)
        #expect(state.backfillComplete && state.backfillCursor == nil && state.newestCursor == "5")
        #expect(state.statusCount == 1)
    }

    @Test func accentsAndCaseFoldInTheIndex() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        _ = try await archive.database.store(
            [Fixtures.status(id: "9", text: "Un CAFÉ &amp; une crème")], server: "a.example",
            timelineID: timeline.id, cursor: .init())
        #expect(try await archive.database.matchingURIs(fts: "cafe").count == 1)
        #expect(try await archive.database.matchingURIs(fts: "creme").count == 1)
        #expect(try await archive.database.matchingURIs(fts: "birds").count == 1, "hashtags are indexed")
        #expect(try await archive.database.matchingURIs(fts: "kite").count == 1, "alt text is indexed")
    }

    @Test func pinningTwiceIsAConflictAndRemovedTimelinesCanReturn() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        await #expect(throws: ArchiveError.self) { try await pinned(archive) }
        try await archive.database.removeTimeline(id: timeline.id)
        #expect(try await archive.database.timelines().isEmpty)
        let back = try await pinned(archive)
        #expect(back.id == timeline.id)
    }

    @Test func aPageIsStoredOldestFirstAndTheNewestStatusGivesTheAuthorsProfile() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await pinned(archive)
        // As a server sends a page: newest first. The author renamed themselves in between.
        let page = [
            Fixtures.status(id: "3", text: "third", createdAt: "2026-01-03T00:00:00.000Z", displayName: "Ursula Now"),
            Fixtures.status(id: "2", text: "second", createdAt: "2026-01-02T00:00:00.000Z", displayName: "Ursula Then"),
            Fixtures.status(id: "1", text: "first", createdAt: "2026-01-01T00:00:00.000Z", displayName: "Ursula Then"),
        ]
        let result = try await archive.database.store(
            page, server: "a.example", timelineID: timeline.id, cursor: .init())
        #expect(result.new == 3)
        let queue = try DatabaseQueue(path: archive.database.path.path)
        let (order, name) = try await queue.read { db in
            (
                try String.fetchAll(db, sql: "SELECT text FROM statuses ORDER BY id"),
                try String.fetchOne(db, sql: "SELECT display_name FROM authors WHERE handle = 'u@a.example'")
            )
        }
        #expect(order == ["first", "second", "third"], "stored in date order, so the index takes rising rowids")
        #expect(name == "Ursula Now", "the profile as of the newest status")
        #expect(try await archive.database.integrityCheck() == "ok")
    }
}
