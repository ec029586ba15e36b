import ArchiveCore
import Foundation
import GRDB
import Models
import SearchQuery
import Testing

/// What one server sends about another's post, and dates and ties no index can order, never cost the
/// archive what it holds or block a page.
@Suite struct HostileCopiesAndDatesTests {
    private func uris(_ archive: TemporaryArchive, _ query: String) async throws -> [String] {
        try await archive.database.search(try SearchQuery(parsing: query)).map(\.uri)
    }

    private func shownContent(_ archive: TemporaryArchive, uri: String) async throws -> String? {
        guard let raw = try await archive.database.rawJSON(uri: uri) else { return nil }
        return try JSONDecoder().decode(Status.self, from: raw).content
    }

    /// The legit post as its own server serves it, then a forged copy from an anonymously read server
    /// with other text and an edit dated 2099.
    private static let genuine = Fixtures.status(id: "7", text: "genuine words", host: "legit.social")
    private static let forged = Fixtures.status(
        id: "7", text: "forged words", editedAt: "2099-01-01T00:00:00.000Z",
        host: "legit.social")

    @Test func aForgedCopyFromAnotherServerChangesNothingShownAndIsKept() async throws {
        let archive = try TemporaryArchive()
        let uri = Self.genuine.status.uri
        _ = try await archive.database.store(
            [Self.genuine], unreadable: [],
            origin: PageOrigin(server: "legit.social", authority: .account), cursor: nil)
        let result = try await archive.database.store(
            [Self.forged], unreadable: [],
            origin: PageOrigin(server: "evil.example", authority: .anonymous),
            cursor: nil)
        #expect(result.updated == 0)
        #expect(try await shownContent(archive, uri: uri) == "<p>genuine words</p>")
        #expect(try await uris(archive, "forged").isEmpty)
        #expect(try await uris(archive, "genuine") == [uri])
        #expect(try await archive.database.stats().otherCopies == 1, "the forged copy is kept, with its source")
        // A genuine edit from the post's own server still replaces what is shown.
        let edit = Fixtures.status(
            id: "7", text: "genuine words, edited", editedAt: "2026-01-02T00:00:00.000Z",
            host: "legit.social")
        _ = try await archive.database.store(
            [edit], unreadable: [],
            origin: PageOrigin(server: "legit.social", authority: .anonymous), cursor: nil)
        #expect(try await shownContent(archive, uri: uri) == "<p>genuine words, edited</p>")
    }

    @Test func aForgeryArchivedFirstGivesWayToTheOriginsCopy() async throws {
        let archive = try TemporaryArchive()
        let uri = Self.genuine.status.uri
        _ = try await archive.database.store(
            [Self.forged], unreadable: [],
            origin: PageOrigin(server: "evil.example", authority: .anonymous), cursor: nil)
        _ = try await archive.database.store(
            [Self.genuine], unreadable: [],
            origin: PageOrigin(server: "mastodon.example", authority: .account), cursor: nil)
        #expect(
            try await shownContent(archive, uri: uri) == "<p>genuine words</p>", "an account's server beats remote:")
        #expect(try await uris(archive, "forged").isEmpty)
        #expect(try await archive.database.stats().otherCopies == 1)
    }

    @Test func anEditDatedInTheFutureNeverWinsAmongEquals() async throws {
        let archive = try TemporaryArchive()
        _ = try await archive.database.store([Self.genuine], server: "a.example")
        _ = try await archive.database.store([Self.forged], server: "a.example")
        #expect(try await shownContent(archive, uri: Self.genuine.status.uri) == "<p>genuine words</p>")
    }

    @Test func datesNoIndexCanOrderAreClampedAndKeptAsSent() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await archive.database.addTimeline(spec: "home", accountID: nil, server: "https://a.example")
        let far = Fixtures.status(id: "1", text: "far future kite", createdAt: "9999-12-31T23:59:59.999-23:59")
        let early = Fixtures.status(id: "2", text: "early kite", createdAt: "0000-01-01T00:00:00.000+01:00")
        let plain = Fixtures.status(id: "3", text: "plain kite")
        let result = try await archive.database.store(
            [far, early, plain], server: "a.example", timelineID: timeline.id,
            cursor: CursorUpdate(backfillCursor: "3"))
        #expect(result.new == 3)
        #expect(try await archive.database.timeline(id: timeline.id).backfillCursor == "3", "the page's cursor moved")
        #expect(try await uris(archive, "kite").count == 3)
        let raw = try #require(try await archive.database.rawJSON(uri: far.status.uri))
        #expect(String(decoding: raw, as: UTF8.self).contains("9999-12-31T23:59:59.999-23:59"), "kept as sent")
        #expect(try await archive.database.stats().newest == "9999-12-31T23:59:59.999Z", "clamped for ordering")
        #expect(try await archive.database.integrityCheck() == "ok")
    }

    @Test func fiveThousandStatusesInOneMillisecondAreAllStoredInOrder() async throws {
        let archive = try TemporaryArchive()
        let timeline = try await archive.database.addTimeline(spec: "home", accountID: nil, server: "https://a.example")
        let created = "2026-05-05T05:05:05.555Z"
        // The next millisecond already has a status: the spill must step around it.
        _ = try await archive.database.store(
            [Fixtures.status(id: "9000", text: "kite later", createdAt: "2026-05-05T05:05:05.556Z")],
            server: "a.example", timelineID: timeline.id, cursor: .init())
        for start in stride(from: 0, to: 5000, by: 40) {
            let page = (start..<start + 40).map {
                Fixtures.status(id: String($0), text: "kite same", createdAt: created)
            }
            let result = try await archive.database.store(
                page, server: "a.example", timelineID: timeline.id, cursor: .init())
            #expect(result.new == 40 && result.unreadable == 0)
        }
        #expect(try await archive.database.count(try SearchQuery(parsing: "kite")) == 5001)
        let oldestFirst = try await archive.database.search(
            try SearchQuery(parsing: "kite"), sort: .oldest, limit: 6000)
        #expect(oldestFirst.count == 5001)
        #expect(oldestFirst.first?.createdAt == created)
        #expect(try await archive.database.integrityCheck() == "ok")
    }

    /// One emoji from each Unicode version since 6.1 (the tables SQLite's tokenizer knows), glued to a
    /// word on both sides.
    static let emojiByVersion: [(version: String, emoji: String)] = [
        ("6.1", "😀"), ("7.0", "🕵"), ("8.0", "🤔"), ("9.0", "🤣"), ("10.0", "🤩"), ("11.0", "🥰"),
        ("12.0", "🥱"), ("13.0", "🥲"), ("14.0", "🫠"), ("15.0", "🫨"), ("15.1", "🐦‍🔥"), ("16.0", "🫩"),
        ("unassigned today", "\u{1FAEF}"),
    ]

    @Test func wordsGluedToEmojiOfEveryUnicodeVersionAreFound() async throws {
        let archive = try TemporaryArchive()
        var statuses: [ArchivableStatus] = []
        for (index, item) in Self.emojiByVersion.enumerated() {
            statuses.append(Fixtures.status(id: "\(index + 1)", text: "eingeschlafen\(index)\(item.emoji)wach\(index)"))
        }
        _ = try await archive.database.store(statuses, server: "a.example")
        for (index, item) in Self.emojiByVersion.enumerated() {
            let uri = statuses[index].status.uri
            #expect(
                try await uris(archive, "eingeschlafen\(index)") == [uri], "before an emoji of Unicode \(item.version)")
            #expect(try await uris(archive, "wach\(index)") == [uri], "after an emoji of Unicode \(item.version)")
            #expect(try await uris(archive, "eingeschlafen\(index)\(item.emoji)") == [uri], "the glued form as typed")
        }
    }
}
