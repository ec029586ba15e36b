import ArchiveCore
import Foundation
import GRDB
import Logging
import Models
import SearchQuery
import Testing

@testable import Archive

/// The user's marks on each row (schema 0012) are what the lists, copies and accounts say, whether
/// written with the row, filled in for an older archive, or recomputed from scratch.
@Suite struct UserMarksTests {
    /// A status by `author` (who opted out of search unless `indexable`), as a.example serves it.
    static func status(
        _ id: String, by author: String = "shy", indexable: Bool = false, mentions: [String] = [],
        favourited: Bool = false, boosting boosted: String? = nil, edited: String? = nil
    ) -> Data {
        let mentionJSON = mentions.map {
            #"{"id":"9","username":"\#($0)","acct":"\#($0)","url":"https://a.example/@\#($0)"}"#
        }
        let inner = boosted.map { ",\"reblog\":" + String(decoding: status($0), as: UTF8.self) } ?? ",\"reblog\":null"
        return Data(
            """
            {"id":"\(id)","uri":"https://a.example/users/\(author)/statuses/\(id)","url":"https://a.example/@\(author)/\(id)",
             "created_at":"2026-01-0\(id.count < 2 ? id : "9")T00:00:00.000Z","edited_at":\(edited.map { "\"\($0)\"" } ?? "null"),
             "content":"<p>words \(id)</p>","spoiler_text":"","visibility":"public","sensitive":false,
             "favourited":\(favourited),"bookmarked":false,"reblogged":false,
             "account":{"id":"\(author)","username":"\(author)","acct":"\(author)","display_name":"","url":"https://a.example/@\(author)",
                        "indexable":\(indexable),"note":""},
             "media_attachments":[],"mentions":[\(mentionJSON.joined(separator: ","))],"tags":[],"emojis":[]\(inner)}
            """.utf8)
    }

    static func marks(_ database: ArchiveDatabase) async throws -> [String: Int64] {
        try await database.read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT uri, user_marks FROM statuses")
                    .map { ($0["uri"] as String, $0["user_marks"] as Int64) })
        }
    }

    static func uri(_ id: String, by author: String = "shy") -> String {
        "https://a.example/users/\(author)/statuses/\(id)"
    }

    func store(_ raws: [Data], in timeline: PinnedTimeline, _ archive: TemporaryArchive) async throws {
        let statuses = try raws.map { try ArchivableStatus(decoding: $0) }
        _ = try await archive.database.store(statuses, server: "a.example", timelineID: timeline.id, cursor: .init())
    }

    @Test func marksWrittenWithEachRowAgreeWithTheListsCopiesAndAccounts() async throws {
        let archive = try TemporaryArchive()
        let database = archive.database
        let me = try await database.addAccount(
            handle: "me@a.example", server: "https://a.example", remoteID: "1",
            username: "me", displayName: "Me", url: "https://a.example/@me")
        let home = try await database.addTimeline(spec: "home", accountID: me.id, server: "https://a.example")
        let bookmarks = try await database.addTimeline(spec: "bookmarks", accountID: me.id, server: "https://a.example")
        let favourites = try await database.addTimeline(
            spec: "favourites", accountID: me.id, server: "https://a.example")
        try await store(
            [
                Self.status("1"), Self.status("2", mentions: ["me"]), Self.status("3", favourited: true),
                Self.status("5", by: "me", boosting: "4"),
            ], in: home, archive)
        try await store([Self.status("6")], in: bookmarks, archive)
        try await store([Self.status("7")], in: favourites, archive)
        try await store(try Fixtures.allStatuses().map(\.raw), in: home, archive)
        // A newer edit served without the favourite drops that mark; a list's mark stays, and the same
        // version served again changes nothing (its row is not rewritten).
        try await store([Self.status("3", edited: "2026-02-01T00:00:00.000Z")], in: home, archive)
        try await store([Self.status("6", favourited: true)], in: home, archive)

        let written = try await Self.marks(database)
        #expect(written[Self.uri("1")] == 0)
        #expect(written[Self.uri("2")] == UserMarks.mentionsUser.rawValue)
        #expect(written[Self.uri("3")] == 0, "the edit was served without the favourite")
        #expect(written[Self.uri("4")] == UserMarks.boostedByUser.rawValue)
        #expect(written[Self.uri("6")] == UserMarks.bookmarksTimeline.rawValue)
        #expect(written[Self.uri("7")] == UserMarks.favouritesTimeline.rawValue)
        try await database.write { db in try UserMarks.recomputeAll(db) }
        #expect(try await Self.marks(database) == written, "computed from the archive as they were written")

        // What the consent policy and the filters make of them.
        func find(_ text: String) async throws -> Set<String> {
            Set(try await database.search(try SearchQuery(parsing: text), limit: 50).map(\.uri))
        }
        // Boosts are not results of their own: me's boost finds the post it boosted.
        #expect(try await find("words") == Set(["2", "4", "6", "7"].map { Self.uri($0) }))
        #expect(try await database.count(try SearchQuery(parsing: "words"), consent: .honoured) == 4)
        #expect(try await find("words is:bookmarked") == [Self.uri("6")])
        #expect(try await find("words is:favourited") == [Self.uri("7")])
        #expect(try await find("words -is:bookmarked").contains(Self.uri("6")) == false)
    }

    @Test func anAccountAddedLaterMarksWhatItMentionedAndBoosted() async throws {
        let archive = try TemporaryArchive()
        let database = archive.database
        let timeline = try await database.addTimeline(
            spec: "remote:a.example", accountID: nil, server: "https://a.example")
        try await store(
            [Self.status("2", mentions: ["me"]), Self.status("5", by: "me", boosting: "4"), Self.status("1")],
            in: timeline, archive)
        #expect(try await database.count(try SearchQuery(parsing: "words"), consent: .honoured) == 0, "no account yet")
        _ = try await database.addAccount(
            handle: "me@a.example", server: "https://a.example", remoteID: "1",
            username: "me", displayName: "Me", url: "https://a.example/@me")
        let marks = try await Self.marks(database)
        #expect(marks[Self.uri("2")] == UserMarks.mentionsUser.rawValue)
        #expect(marks[Self.uri("4")] == UserMarks.boostedByUser.rawValue)
        #expect(marks[Self.uri("1")] == 0)
        #expect(try await database.count(try SearchQuery(parsing: "words"), consent: .honoured) == 2)
    }

    @Test func postsAnImportNamedAsFavouritesBookmarksOrBoostsAreMarkedInEitherOrder() async throws {
        let archive = try TemporaryArchive()
        let database = archive.database
        let timeline = try await database.addTimeline(
            spec: "remote:a.example", accountID: nil, server: "https://a.example")
        try await store([Self.status("1"), Self.status("2")], in: timeline, archive)
        func reference(_ kind: String, _ uri: String) async throws {
            try await database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO status_references(account_handle, kind, uri, file, recorded_at)
                        VALUES ('gone@old.example', ?, ?, 'export.zip', '2026-01-01T00:00:00.000Z')
                        """, arguments: [kind, uri])
            }
        }
        try await reference("bookmark", Self.uri("1"))  // archived before the reference
        try await reference("favourite", Self.uri("3"))  // archived after it
        try await reference("boost", Self.uri("3"))
        try await store([Self.status("3")], in: timeline, archive)
        let marks = try await Self.marks(database)
        #expect(marks[Self.uri("1")] == UserMarks.bookmarksTimeline.rawValue)
        #expect(marks[Self.uri("2")] == 0)
        #expect(marks[Self.uri("3")] == UserMarks([.favouritesTimeline, .boostedByUser]).rawValue)
        try await database.write { db in try UserMarks.recomputeAll(db) }
        #expect(try await Self.marks(database) == marks)
        #expect(
            try await database.search(try SearchQuery(parsing: "words is:bookmarked")).map(\.uri) == [Self.uri("1")])
        #expect(
            Set(try await database.search(try SearchQuery(parsing: "words")).map(\.uri)) == [
                Self.uri("1"), Self.uri("3"),
            ],
            "what the user bookmarked, favourited or boosted is searchable whoever wrote it")
    }

    @Test func anArchiveFromBeforeTheMarksGetsThemOnOpen() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "icebox-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "archive.sqlite")
        let current = directory.appending(path: "current.sqlite")
        // Written by the current code, then copied into an archive as 0011 left it (no marks).
        do {
            let archive = try ArchiveDatabase(path: current, logger: Logger(label: "test"))
            let me = try await archive.addAccount(
                handle: "me@a.example", server: "https://a.example", remoteID: "1",
                username: "me", displayName: "Me", url: "https://a.example/@me")
            let bookmarks = try await archive.addTimeline(
                spec: "bookmarks", accountID: me.id, server: "https://a.example")
            let home = try await archive.addTimeline(spec: "home", accountID: me.id, server: "https://a.example")
            for (raws, timeline) in [
                ([Self.status("6")], bookmarks),
                (
                    [
                        Self.status("1"), Self.status("2", mentions: ["me"]), Self.status("3", favourited: true),
                        Self.status("5", by: "me", boosting: "4"),
                    ], home
                ),
            ] {
                _ = try await archive.store(
                    try raws.map { try ArchivableStatus(decoding: $0) }, server: "a.example",
                    timelineID: timeline.id, cursor: .init())
            }
        }
        let expected: [String: Int64] = [
            Self.uri("1"): 0, Self.uri("2"): 32, Self.uri("3"): 16, Self.uri("4"): 64,
            Self.uri("5", by: "me"): 0, Self.uri("6"): 1,
        ]
        try OlderArchive.write(at: path, migrations: 11) { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [current.path])
            for table in ["archiving_accounts", "timelines", "statuses", "timeline_statuses", "authors"] {
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                    .joined(separator: ", ")
                // A status's JSON whole, as an archive of that version held it (see schema/0019).
                let selected =
                    table == "statuses"
                    ? columns.replacingOccurrences(
                        of: "raw_json",
                        with: "CAST((SELECT j.raw_json FROM current.status_json j WHERE j.number = source.id) AS BLOB)")
                    : columns
                try db.execute(
                    sql: "INSERT INTO \(table)(\(columns)) SELECT \(selected) FROM current.\(table) AS source")
            }
        }
        let archive = try ArchiveDatabase(path: path, logger: Logger(label: "test"))
        #expect(try await Self.marks(archive) == expected)
        #expect(try await archive.integrityCheck() == "ok")
    }
}
