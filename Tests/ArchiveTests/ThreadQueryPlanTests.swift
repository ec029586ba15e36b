import Archive
import ArchiveCore
import Foundation
import GRDB
import Testing

/// Walking a thread asks for each status's replies. SQLite, without statistics, answered that by reading
/// every id of the status's server (46 ms a status at 500k ids of one server); it must use the indexes.
@Suite struct ThreadQueryPlanTests {
    @Test func repliesAreFoundThroughIndexesNotByReadingEveryIdOfTheServer() async throws {
        let archive = try TemporaryArchive()
        let queue = try DatabaseQueue(path: archive.directory.appending(path: "archive.sqlite").path)
        defer { try? queue.close() }
        let replies = ThreadWalk.replies(to: 1, archive.database.executor.dialect)
        let plan = try await queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + replies.sql, arguments: [1])
                .map { row -> String in row["detail"] }
        }
        #expect(plan.contains { $0.contains("INDEX status_ids_by_parent (server=? AND in_reply_to_id=?)") }, "\(plan)")
        #expect(plan.contains { $0.contains("INDEX status_ids_by_parent_uri (in_reply_to_id=?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("PRIMARY KEY (server=?)") }, "\(plan)")
    }
}
