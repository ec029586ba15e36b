import ArchiveCore
import Foundation
import Models
import Testing

@testable import ArchivePostgres

/// An import on PostgreSQL is one transaction of any size. A lock per post held to its end filled the
/// server's lock table (an export of 100,000 posts failed with "out of shared memory"); it now holds one
/// lock, and a page a sync writes meanwhile waits for the import and is stored after it.
@Suite(.serialized) struct ImportLockTests {
    @Test func anImportHoldsOneLockWhateverItsSizeAndPagesWaitForIt() async throws {
        try await TestStore.with(.postgres, "import-locks") { test in
            let postgres = try #require(test.store as? PostgresArchive)
            let timeline = try await postgres.addTimeline(
                spec: "remote:social.example", accountID: nil, server: "social.example"
            ).id
            let stored = DispatchSemaphore(value: 0)
            let resume = DispatchSemaphore(value: 0)
            let source = ImportSource(format: "jsonl", file: "locks.jsonl", server: "social.example")
            let importing = Task {
                try await postgres.importAtomically(source) { sink in
                    for batch in 0..<3 {
                        let statuses = try (1...100).map { number in
                            let id = "\(batch * 100 + number)"
                            return ImportedStatus(
                                status: try Self.status(id), source: nil, entry: "line \(id)", hasServerID: true)
                        }
                        _ = try sink.store(statuses, unreadable: [])
                    }
                    stored.signal()
                    resume.wait()
                }
            }
            await Self.waitOff(stored)
            let held = try await Self.advisoryLocks(postgres, granted: true)
            #expect(held <= 2, "300 posts into an import, it holds \(held) advisory locks")

            // A page written now waits for the import (its lock request is seen waiting), then is stored.
            let page = Task {
                try await postgres.store(
                    [try ArchivableStatus(decoding: Data(Self.json("1000").utf8), servedBy: "social.example")],
                    server: "social.example", timelineID: timeline, cursor: CursorUpdate())
            }
            var waiting = 0
            for _ in 0..<100 where waiting == 0 {
                try await Task.sleep(for: .milliseconds(50))
                waiting = try await Self.advisoryLocks(postgres, granted: false)
            }
            #expect(waiting == 1, "the page waits for the import")
            resume.signal()
            try await importing.value
            _ = try await page.value
            #expect(try await postgres.allStatusURIs().count == 301)
        }
    }

    /// Advisory locks of the test's database, granted or waited for.
    static func advisoryLocks(_ postgres: PostgresArchive, granted: Bool) async throws -> Int {
        let rows = try await postgres.rows(
            """
            SELECT COUNT(*) AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE d.datname = current_database() AND l.locktype = 'advisory' AND l.granted = $1
            """, [.bool(granted)])
        return try rows.first.map { Int(try $0.integer("n")) } ?? 0
    }

    /// Waits for `semaphore` on a thread of its own (never one of the tasks' pool).
    static func waitOff(_ semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                semaphore.wait()
                continuation.resume()
            }
        }
    }

    static func json(_ id: String) -> String {
        ImportFiles.status(id: id, uri: "https://social.example/s/\(id)", acct: "ann", text: "post \(id)")
    }

    static func status(_ id: String) throws -> ArchivableStatus {
        try ArchivableStatus(decoding: Data(json(id).utf8), servedBy: "social.example")
    }
}
