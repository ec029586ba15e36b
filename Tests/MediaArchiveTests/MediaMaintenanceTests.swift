import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import MastodonTestServer
import MediaArchive
import Testing

/// `media verify` (and `--repair`) and `media gc` on a synced archive.
@Suite struct MediaMaintenanceTests {
    @Test func verifyFindsACorruptAndADeletedFileAndRepairRestoresBoth() async throws {
        let server = try await MediaFixture.server(statuses: 30)
        defer { Task { await server.stop() } }
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        try await fixture.sync()
        let store = try fixture.store()
        let clean = try await store.verify(repair: false)
        #expect(clean.checked > 2 && clean.ok == clean.checked && clean.problems.isEmpty)

        let files = fixture.mediaFiles().sorted { $0.path < $1.path }
        let corrupted = files[0]
        let deleted = files[1]
        let original = try Data(contentsOf: corrupted)
        var damaged = original
        damaged[damaged.count / 2] ^= 0xFF
        try damaged.write(to: corrupted)
        try FileManager.default.removeItem(at: deleted)

        let found = try await store.verify(repair: false)
        #expect(found.checked == clean.checked && found.ok == clean.checked - 2)
        #expect(
            Set(found.problems.map { "\($0.kind.rawValue) \($0.path)" })
                == ["corrupt \(corrupted.path)", "missing \(deleted.path)"])
        #expect(found.unresolved == 2)

        let repaired = try await store.verify(repair: true, options: MediaFixture.options)
        #expect(repaired.problems.count == 2 && repaired.problems.allSatisfy(\.repaired), "\(repaired.problems)")
        #expect(repaired.unresolved == 0)
        #expect(try Data(contentsOf: corrupted) == original)
        for file in [corrupted, deleted] {
            #expect(try await systemSHA256(file) == file.deletingPathExtension().lastPathComponent)
        }
        #expect(try await store.verify(repair: false).problems.isEmpty)
    }

    @Test func gcRemovesWhatNothingRefersToAndKeepsTheRest() async throws {
        let server = try await MediaFixture.server(statuses: 30)
        defer { Task { await server.stop() } }
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)
        try await fixture.sync()
        let store = try fixture.store()
        let before = fixture.mediaFiles().count

        // An edit that dropped an attachment (and its preview): its files are referenced no more.
        let dropped = try await fixture.db.write { db -> [String] in
            let row = try #require(
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT a.status_id, a.position, f.sha256, f.preview_sha256 FROM media_attachments a
                        JOIN media_attachment_files f ON f.status_id = a.status_id AND f.position = a.position
                        WHERE f.sha256 IS NOT NULL AND f.preview_sha256 IS NOT NULL LIMIT 1
                        """))
            try db.execute(
                sql: "DELETE FROM media_attachments WHERE status_id = ? AND position = ?",
                arguments: [row["status_id"] as Int64, row["position"] as Int])
            return [row["sha256"], row["preview_sha256"]]
        }
        // A stray file the database does not know (a run killed between rename and commit).
        let stray = fixture.iceboxHome.media.appending(path: "ee/ee/" + String(repeating: "e", count: 64) + ".png")
        try FileManager.default.createDirectory(
            at: stray.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("stray".utf8).write(to: stray)

        let dry = try await store.collectGarbage(dryRun: true)
        #expect(dry.filesRemoved == 2 && dry.strayFilesRemoved == 1 && dry.downloadsForgotten == 2)
        #expect(fixture.mediaFiles().count == before + 1, "a dry run removes nothing")

        let done = try await store.collectGarbage(dryRun: false)
        #expect(done.filesRemoved == 2 && done.strayFilesRemoved == 1)
        let remaining = Set(fixture.mediaFiles().map { $0.deletingPathExtension().lastPathComponent })
        #expect(remaining.count == before - 2)
        #expect(remaining.isDisjoint(with: dropped) && !FileManager.default.fileExists(atPath: stray.path))
        #expect(try await fixture.count("SELECT COUNT(*) FROM media_files") == remaining.count)
        #expect(try await store.verify(repair: false).problems.isEmpty, "everything still referenced is intact")
        let again = try await store.collectGarbage(dryRun: false)
        #expect(again.filesRemoved == 0 && again.strayFilesRemoved == 0 && again.downloadsForgotten == 0)
    }
}
