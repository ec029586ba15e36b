import ArchiveCore
import Foundation
import GRDB
import Models
import Testing

@testable import Archive

/// A status new to the archive is inserted with its timeline's mark, and the timeline entry's trigger
/// writes only a row that lacks it (schema/0042_timeline_marks_with_the_row.sql): a sync's new rows are
/// written once, and every row ends up marked as before.
@Suite struct TimelineMarksWithTheRowTests {
    /// An empty archive with the user's account, me@a.example.
    static func archiveOfMe() async throws -> (TemporaryArchive, ArchivingAccount) {
        let archive = try TemporaryArchive()
        let me = try await archive.database.addAccount(
            handle: "me@a.example", server: "https://a.example", remoteID: "1",
            username: "me", displayName: "Me", url: "https://a.example/@me")
        return (archive, me)
    }

    /// Pages of new statuses in each timeline that marks what it holds: every row gets its timeline's mark
    /// with its insert, and no row is written again for it (a temporary trigger counts the writes of
    /// `user_marks`; storing the rows and marking them after wrote one for each).
    @Test func newRowsAreInsertedWithTheirTimelinesMarkAndNotWrittenAgain() async throws {
        let (archive, me) = try await Self.archiveOfMe()
        let database = archive.database
        try await database.write { db in
            try db.execute(sql: "CREATE TEMP TABLE mark_writes(status_id INTEGER)")
            try db.execute(
                sql: """
                    CREATE TEMP TRIGGER mark_written AFTER UPDATE OF user_marks ON main.statuses
                    BEGIN INSERT INTO mark_writes VALUES (new.id); END
                    """)
        }
        let kinds: [(spec: String, mark: UserMarks, ids: [String])] = [
            ("own", .ownTimeline, ["1", "2"]), ("mentions", .mentionsTimeline, ["3"]),
            ("bookmarks", .bookmarksTimeline, ["4", "5"]), ("favourites", .favouritesTimeline, ["6"]),
        ]
        for kind in kinds {
            let timeline = try await database.addTimeline(
                spec: kind.spec, accountID: me.id, server: "https://a.example")
            let page = try kind.ids.map { try ArchivableStatus(decoding: UserMarksTests.status($0)) }
            _ = try await database.store(page, server: "a.example", timelineID: timeline.id, cursor: .init())
        }
        let marks = try await UserMarksTests.marks(database)
        for kind in kinds {
            for id in kind.ids { #expect(marks[UserMarksTests.uri(id)] == kind.mark.rawValue, "\(kind.spec) \(id)") }
        }
        let writes = try await database.write { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM mark_writes") }
        #expect(writes == 0, "no new row written again for its mark")
    }

    @Test func aNewRowIsWrittenOnceAndAHeldOneStillGetsItsMark() async throws {
        let (archive, me) = try await Self.archiveOfMe()
        let database = archive.database
        let bookmarks = try await database.addTimeline(spec: "bookmarks", accountID: me.id, server: "https://a.example")
        let home = try await database.addTimeline(spec: "home", accountID: me.id, server: "https://a.example")
        let page = try ["1", "2", "3", "5"].map { try ArchivableStatus(decoding: UserMarksTests.status($0)) }
        _ = try await database.store(page, server: "a.example", timelineID: bookmarks.id, cursor: .init())
        let inHome = try ArchivableStatus(decoding: UserMarksTests.status("6"))
        _ = try await database.store([inHome], server: "a.example", timelineID: home.id, cursor: .init())

        let marks = try await UserMarksTests.marks(database)
        for id in ["1", "2", "3", "5"] {
            #expect(marks[UserMarksTests.uri(id)] == UserMarks.bookmarksTimeline.rawValue, "\(id) is bookmarked")
        }
        #expect(marks[UserMarksTests.uri("6")] == 0)

        // The trigger itself: an entry for a row that has the mark writes the entry alone; one for a row
        // without it (held from another timeline) marks the row too.
        let changes = try await database.write { db -> (marked: Int, unmarked: Int, bit: Int64) in
            func changed(by statusURI: String) throws -> Int {
                let before = db.totalChangesCount
                try db.execute(
                    sql: """
                        INSERT INTO timeline_statuses(timeline_id, status_id, first_seen_at)
                        SELECT ?, id, '2026-01-01T00:00:00.000Z' FROM statuses WHERE uri = ?
                        """, arguments: [bookmarks.id, statusURI])
                return db.totalChangesCount - before
            }
            try db.execute(
                sql: "DELETE FROM timeline_statuses WHERE status_id = (SELECT id FROM statuses WHERE uri = ?)",
                arguments: [UserMarksTests.uri("1")])
            let marked = try changed(by: UserMarksTests.uri("1"))
            let unmarked = try changed(by: UserMarksTests.uri("6"))
            let bit =
                try Int64.fetchOne(
                    db, sql: "SELECT user_marks FROM statuses WHERE uri = ?", arguments: [UserMarksTests.uri("6")])
                ?? -1
            return (marked, unmarked, bit)
        }
        #expect(changes.marked == 1, "the entry alone: the row had its mark")
        #expect(changes.unmarked == 2, "the entry and the row it marks")
        #expect(changes.bit == UserMarks.bookmarksTimeline.rawValue)
    }
}
