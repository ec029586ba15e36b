import ArchiveCore
import Foundation
import GRDB
import Logging
import Testing

@testable import Archive

/// A new archive is written in 16 KiB pages (a status row of about 2 KB left half of each 4 KiB page
/// empty); an archive that exists keeps the page size it was made with, and still opens and migrates.
@Suite struct PageSizeTests {
    private func pageSize(_ path: URL) async throws -> Int? {
        let queue = try DatabaseQueue(path: path.path)
        return try await queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
    }

    @Test func aNewArchiveHasSixteenKiBPages() async throws {
        let archive = try TemporaryArchive()
        #expect(try await pageSize(archive.database.path) == 16_384)
        #expect(try await archive.database.integrityCheck() == "ok")
    }

    @Test func anArchiveMadeWithSmallerPagesKeepsThemAndOpens() async throws {
        let archive = try TemporaryArchive()
        try await archive.database.addAccount(
            handle: "u@a.example", server: "https://a.example", remoteID: "1",
            username: "u", displayName: "U", url: nil)
        // The archive as an older Icebox made it: the same schema and rows in 4 KiB pages.
        let older = archive.database.path.deletingLastPathComponent().appending(path: "older.sqlite")
        let queue = try DatabaseQueue(path: archive.database.path.path)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 4096")
            try db.execute(sql: "VACUUM INTO ?", arguments: [older.path])
        }
        #expect(try await pageSize(older) == 4096)
        let reopened = try ArchiveDatabase(path: older, logger: Logger(label: "test"))
        #expect(try await reopened.accounts().map(\.handle) == ["u@a.example"])
        #expect(try await reopened.integrityCheck() == "ok")
        #expect(try await pageSize(older) == 4096)
    }
}
