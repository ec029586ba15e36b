import Foundation
import GRDB
import Testing

@testable import Archive

/// SQLite keeps statement journals in memory up to 1 MiB in any process that links the archive, and a
/// journal that outgrows that moves to its temporary file intact: a savepoint rolled back after the move
/// puts every page back. SQLite 3.40 alone failed that move with "database or disk is full" for any bound
/// of 128 KiB or more (an import of 50,000 posts kept nothing).
@Suite struct StatementJournalTests {
    @Test func theBoundIsInPlaceBeforeAnyDatabaseOpens() {
        #expect(ArchiveDatabase.statementJournalsTuned)
    }

    @Test func aJournalLargerThanTheBoundSpillsAndRollsBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "icebox-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = Configuration()
        // As an archive: 16 KiB pages and a write-ahead log (in a rollback journal's mode SQLite undoes a
        // savepoint from the main journal, and no statement journal is written).
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = 16384")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        let queue = try DatabaseQueue(path: folder.appending(path: "journal.sqlite").path, configuration: configuration)
        // 600 rows of 15,000 bytes: each row on a 16 KiB page of its own, 9.4 MiB in all.
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            for id in 1...600 {
                try db.execute(sql: "INSERT INTO blobs VALUES (?, randomblob(15000))", arguments: [id])
            }
        }
        let digest = "SELECT group_concat(hex(substr(body, 1, 16)) || length(body), ',') FROM blobs ORDER BY id"
        let before = try await queue.read { db in try String.fetchOne(db, sql: digest) }
        try await queue.write { db in
            try db.execute(sql: "SAVEPOINT rewrite")
            // Every page changes inside the savepoint: its journal (every page as it was) outgrows 1 MiB.
            try db.execute(sql: "UPDATE blobs SET body = zeroblob(14000)")
            #expect(try Int.fetchOne(db, sql: "SELECT sum(length(body)) FROM blobs") == 600 * 14000)
            try db.execute(sql: "ROLLBACK TO rewrite")
            try db.execute(sql: "RELEASE rewrite")
        }
        #expect(try await queue.read { db in try String.fetchOne(db, sql: digest) } == before)
        #expect(try await queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }
}
