import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import Models
import Testing

@testable import ArchivePostgres

/// PostgreSQL inserts a status new to the store with its timeline's mark, as SQLite does
/// (`TimelineMarksWithTheRowTests`): the timeline entry's trigger (schema/postgres/0031_user_marks.sql),
/// which writes only a row lacking the mark, then leaves it as it is, where it wrote every new row a
/// second time (a dead version of each until a VACUUM). Every row ends up marked as before.
@Suite struct PostgresTimelineMarksTests {
    /// A minimal status `id` by `author`.
    static func status(_ id: String, by author: String = "shy") throws -> ArchivableStatus {
        try ArchivableStatus(
            decoding: Data(
                """
                {"id":"\(id)","uri":"https://a.example/users/\(author)/statuses/\(id)",
                 "url":"https://a.example/@\(author)/\(id)","created_at":"2026-01-0\(id)T00:00:00.000Z",
                 "content":"<p>words \(id)</p>","spoiler_text":"","visibility":"public","sensitive":false,
                 "account":{"id":"\(author)","username":"\(author)","acct":"\(author)","display_name":"",
                            "url":"https://a.example/@\(author)","note":""},
                 "media_attachments":[],"mentions":[],"tags":[],"emojis":[],"reblog":null}
                """.utf8))
    }

    @Test func newRowsAreInsertedWithTheirTimelinesMarkAndNotWrittenAgain() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let logger = Logger(label: "timeline-marks")
        let postgres = try await PostgresArchive(try await cluster.createDatabase(), logger: logger)
        // Every write of a row's marks after its insert, counted.
        try await postgres.transaction { connection in
            for sql in [
                "CREATE TABLE mark_writes (status_id bigint)",
                """
                CREATE FUNCTION count_mark_writes() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN INSERT INTO mark_writes VALUES (NEW.id); RETURN NEW; END $$
                """,
                """
                CREATE TRIGGER mark_written AFTER UPDATE OF user_marks ON statuses
                    FOR EACH ROW EXECUTE FUNCTION count_mark_writes()
                """,
            ] {
                try await connection.execute(sql, logger: logger)
            }
        }
        let me = try await postgres.addAccount(
            handle: "me@a.example", server: "https://a.example", remoteID: "1",
            username: "me", displayName: "Me", url: "https://a.example/@me")
        let kinds: [(spec: String, mark: Int64, ids: [String])] = [
            ("own", 8, ["1", "2"]), ("mentions", 4, ["3"]), ("bookmarks", 1, ["4", "5"]), ("favourites", 2, ["6"]),
            ("home", 0, ["7"]),
        ]
        for kind in kinds {
            let timeline = try await postgres.addTimeline(
                spec: kind.spec, accountID: me.id, server: "https://a.example")
            let page = try kind.ids.map { try Self.status($0) }
            _ = try await postgres.store(page, server: "a.example", timelineID: timeline.id, cursor: .init())
        }
        let marks = try await postgres.executor.fetch(SQLStatement("SELECT uri, user_marks FROM statuses")) {
            (try $0.text("uri"), try $0.integer("user_marks"))
        }
        let byURI = Dictionary(uniqueKeysWithValues: marks)
        for kind in kinds {
            for id in kind.ids {
                #expect(byURI["https://a.example/users/shy/statuses/\(id)"] == kind.mark, "\(kind.spec) \(id)")
            }
        }
        let writes = try await postgres.executor.fetchFirst(SQLStatement("SELECT count(*) AS n FROM mark_writes")) {
            try $0.integer("n")
        }
        #expect(writes == 0, "no new row written again for its mark")

        // A row held already, listed in bookmarks now, is still marked by the trigger.
        let bookmarks = try #require(try await postgres.timelines().first { $0.spec == "bookmarks" })
        _ = try await postgres.store(
            [try Self.status("7")], server: "a.example", timelineID: bookmarks.id, cursor: .init())
        let held = try await postgres.executor.fetchFirst(
            SQLStatement("SELECT user_marks FROM statuses WHERE uri = 'https://a.example/users/shy/statuses/7'")
        ) { try $0.integer("user_marks") }
        #expect(held == 1)
    }
}
