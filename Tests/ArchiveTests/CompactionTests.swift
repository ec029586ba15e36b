import ArchiveCore
import Foundation
import GRDB
import Logging
import Testing

@testable import Archive

/// `icebox compact` (``ArchiveDatabase/compact()``): the file rewritten without the space it no longer
/// uses, every row and every search as before; refused, with nothing written, when its filesystem has
/// too little room.
/// One test at a time: a compaction sets SQLite's temporary folder for the whole process while it runs.
@Suite(.serialized) struct CompactionTests {
    /// An archive of every fixture status and 1,200 more (enough for each table and index to fill
    /// pages of its own), half of them then redacted as gone: space their text and raw JSON took is
    /// left unused in the file.
    static func archiveWithUnusedSpace() async throws -> TemporaryArchive {
        let archive = try TemporaryArchive()
        for status in try Fixtures.allStatuses() {
            _ = try await archive.database.store([status], server: "fixtures.example")
        }
        let words = ["kestrel", "harbour", "lantern", "meadow", "copper", "orchard", "東京の桜", "Привет"]
        for page in 0..<30 {
            let statuses = (0..<40).map { index in
                let number = page * 40 + index
                let text = (0..<12).map { words[($0 * 7 + number) % words.count] }.joined(separator: " ")
                return Fixtures.status(
                    id: "\(100_000 + number)", text: "\(text) number\(number)",
                    host: "h\(number % 5).example")
            }
            _ = try await archive.database.store(statuses, server: "fixtures.example")
        }
        try await archive.database.write { db in
            try db.execute(
                sql: "UPDATE statuses SET gone_at = '2026-01-01T00:00:00.000Z' WHERE id % 2 = 0 AND reblog_uri IS NULL")
        }
        #expect(try await archive.database.redactGone() > 0)
        // Redaction merged the indexes; pages stored since, each in its own transaction, add segments.
        for page in 0..<6 {
            let statuses = (0..<10).map { index in
                Fixtures.status(id: "\(200_000 + page * 10 + index)", text: "late kestrel \(page) 東京の桜 \(index)")
            }
            _ = try await archive.database.store(statuses, server: "fixtures.example")
        }
        return archive
    }

    /// The segments of full-text index `index` (FTS5's structure record: a 4-byte cookie, then the number of
    /// levels and of segments as varints).
    static func segments(_ index: String, _ database: ArchiveDatabase) async throws -> Int {
        let record = try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT block FROM \(index)_data WHERE id = 10")
        }
        var bytes = try #require(record)[...].dropFirst(4)
        func varint() throws -> Int {
            var value = 0
            while let byte = bytes.popFirst() {
                value = value << 7 | Int(byte & 0x7F)
                if byte & 0x80 == 0 { return value }
            }
            throw CancellationError()
        }
        _ = try varint()
        return try varint()
    }

    /// Pages of the file that hold nothing.
    static func freePages(_ database: ArchiveDatabase) async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0 }
    }

    /// Every row of every table but the full-text indexes' own (a merge rewrites their segments), as
    /// text, sorted: what the archive holds.
    static func contents(_ database: ArchiveDatabase) async throws -> [String: [String]] {
        try await database.read { db in
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                        AND name NOT LIKE 'statuses_fts%' AND name NOT LIKE 'statuses_cjk%' ORDER BY name
                    """)
            var contents: [String: [String]] = [:]
            for table in tables {
                contents[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map {
                    row in
                    row.databaseValues.map { value -> String in
                        if case .blob(let data) = value.storage { return data.base64EncodedString() }
                        return value.description
                    }.joined(separator: "\u{1F}")
                }.sorted()
            }
            return contents
        }
    }

    /// What each of the first 40 words of the archive's text finds in each full-text index, by key.
    static func matches(_ database: ArchiveDatabase) async throws -> [String: [Int64]] {
        try await database.read { db in
            let texts = try String.fetchAll(db, sql: "SELECT text FROM statuses WHERE text <> '' ORDER BY id")
            let words = Array(
                Set(texts.flatMap { $0.split { !$0.isLetter }.map { String($0).lowercased() } }.filter { $0.count > 3 })
                    .sorted().prefix(40))
            #expect(words.count == 40)
            var found: [String: [Int64]] = [:]
            for word in words {
                found["words " + word] = try Int64.fetchAll(
                    db, sql: "SELECT rowid FROM statuses_fts WHERE statuses_fts MATCH ? ORDER BY rowid",
                    arguments: ["\"\(word)\""])
                found["pieces " + word] = try Int64.fetchAll(
                    db, sql: "SELECT rowid FROM statuses_cjk WHERE statuses_cjk MATCH ? ORDER BY rowid",
                    arguments: ["\"\(word)\""])
            }
            #expect(found.values.contains { !$0.isEmpty })
            return found
        }
    }

    @Test func theFileShrinksAndHoldsAndFindsTheSame() async throws {
        let archive = try await Self.archiveWithUnusedSpace()
        let database = archive.database
        let contents = try await Self.contents(database)
        let matches = try await Self.matches(database)
        let onDisk = ArchiveDatabase.bytesOnDisk(database.path)
        #expect(try await Self.segments("statuses_fts", database) > 1)
        #expect(try await Self.segments("statuses_cjk", database) > 1)

        let report = try await database.compact()

        #expect(report.bytesBefore == onDisk)
        #expect(report.bytesAfter == ArchiveDatabase.bytesOnDisk(database.path))
        #expect(report.bytesAfter < report.bytesBefore, "\(report)")
        #expect(report.logEmptied)
        let walBytes = try FileManager.default.attributesOfItem(atPath: database.path.path + "-wal")[.size] as? Int
        #expect(walBytes == 0)
        #expect(try await Self.contents(database) == contents)
        #expect(try await Self.matches(database) == matches)
        #expect(try await database.integrityCheck() == "ok")
        #expect(try await Self.freePages(database) == 0)
        #expect(try await Self.segments("statuses_fts", database) == 1)
        #expect(try await Self.segments("statuses_cjk", database) == 1)
        // The temporary folder, SQLite's for the whole process, is SQLite's own again.
        #expect(try await database.read { db in try String.fetchOne(db, sql: "PRAGMA temp_store_directory") } == nil)
        // Both indexes merged into one segment each: a second compaction has nearly nothing to give back.
        let again = try await database.compact()
        #expect(again.bytesBefore - again.bytesAfter < report.bytesBefore - report.bytesAfter)
        #expect(try await Self.contents(database) == contents)
    }

    @Test func tooLittleRoomIsRefusedBeforeAnythingIsWritten() async throws {
        let archive = try await Self.archiveWithUnusedSpace()
        let database = archive.database
        let contents = try await Self.contents(database)
        let (used, pageSize) = try await database.read { db in
            let row = try #require(
                try Row.fetchOne(
                    db,
                    sql: "SELECT (page_count - freelist_count) * page_size AS used, page_size "
                        + "FROM pragma_page_count, pragma_freelist_count, pragma_page_size"))
            return (row["used"] as Int64, row["page_size"] as Int64)
        }
        let files = [database.path.path, database.path.path + "-wal"]
        let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        var asked: [String] = []
        // The copy and the log's pages, but not their frame headers and the mebibyte to spare.
        let room = 2 * used
        do {
            _ = try await database.compact { folder in
                asked.append(folder)
                return room
            }
            Issue.record("compacted with \(room) bytes free")
        } catch .noSpace(let folder, let needed, let available) {
            #expect(folder == archive.directory.path)
            #expect(needed > room && needed == 2 * used + 32 + used / pageSize * 24 + (1 << 20))
            #expect(available == room)
            #expect(ArchiveError.noSpace(folder: folder, needed: needed, available: available).exitStatus == .ioError)
        }
        #expect(asked == [archive.directory.path])
        #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before, "not a byte written")
        #expect(try await Self.contents(database) == contents)
        #expect(try await Self.segments("statuses_fts", database) > 1, "not even merged")
    }

    /// Room enough before the indexes' merge and too little after it (the disk filled meanwhile): the
    /// merge, which no reader can tell, stays, and the file is not rewritten.
    @Test func roomCheckedAgainBeforeTheRewrite() async throws {
        let archive = try await Self.archiveWithUnusedSpace()
        let database = archive.database
        let contents = try await Self.contents(database)
        var asked = 0
        do {
            _ = try await database.compact { _ in
                asked += 1
                return asked == 1 ? Int64.max : 0
            }
            Issue.record("compacted with no room left")
        } catch .noSpace(_, _, let available) {
            #expect(available == 0)
        }
        #expect(asked == 2)
        #expect(try await Self.segments("statuses_fts", database) == 1, "merged")
        #expect(try await Self.freePages(database) > 0, "not rewritten")
        #expect(try await Self.contents(database) == contents)
    }

    /// An archive opened only to be read (`doctor`'s way) is never rewritten.
    @Test func anArchiveOpenedToReadIsRefused() async throws {
        let archive = try await Self.archiveWithUnusedSpace()
        let reader = try ArchiveDatabase(path: archive.database.path, logger: Logger(label: "test"), access: .inspect)
        await #expect(throws: ArchiveError.self) { _ = try await reader.compact() }
        #expect(try await Self.segments("statuses_fts", archive.database) > 1, "not merged")
    }
}
