import ArchiveCore
import Foundation
import GRDB
import Logging
import Models
import Testing

@testable import Archive

/// An archive that imported a forged server id and then synced the post's server copy, both before
/// 0021 marked a file's ids (issue 42): 0021 left the forged id unmarked, as the post was shown from
/// its server; 0024 marks it by the id the server's own copy carries.
@Suite struct LateFileServerIDMigrationTests {
    private static let home = "home.example"
    private static let uri = "https://home.example/users/ann/statuses/70"

    private static func status(id: String, content: String) throws -> ArchivableStatus {
        let json =
            #"{"id":"\#(id)","uri":"\#(uri)","created_at":"2024-01-01T00:00:00.000Z","account":{"id":"1","username":"ann","acct":"ann","url":"https://home.example/@ann"},"content":"<p>\#(content)</p>","visibility":"public"}"#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: home)
    }

    @Test func aForgedIdTheServersCopyJoinedBeforeTheUpgradeIsMarkedAndTheTrueOneIsNot() async throws {
        let archive = try TemporaryArchive()
        let source = ImportSource(format: "warc", file: "forged.warc.gz", server: Self.home)
        try await archive.database.importAtomically(source) { sink in
            _ = try sink.store(
                [
                    ImportedStatus(
                        status: try Self.status(id: "0", content: "forged"), source: nil, entry: "record",
                        hasServerID: true)
                ],
                unreadable: [])
        }
        _ = try await archive.database.store([try Self.status(id: "70", content: "real")], server: Self.home)
        // As the archive stood before the upgrade: no id marked (0021 marked none, the post being shown
        // from its server), and this migration not applied.
        let name = "0024_file_server_ids_joined"
        let pool = try DatabasePool(path: archive.database.path.path)
        try await pool.write { db in
            try db.execute(sql: "UPDATE status_ids SET from_file = 0")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM icebox_schema WHERE name = ?", arguments: [name])
        }
        try pool.close()

        let upgraded = try ArchiveDatabase(path: archive.database.path, logger: Logger(label: "test"))
        let marks = try await DatabasePool(path: archive.database.path.path).read { db in
            try Row.fetchAll(db, sql: "SELECT local_id, from_file FROM status_ids ORDER BY local_id")
                .map { [$0["local_id"] as String, String($0["from_file"] as Int)] }
        }
        #expect(marks == [["0", "1"], ["70", "0"]], "the forged id marked, the server's not")
        let asked = try await upgraded.recheckCandidates(server: Self.home, since: "2000-01-01", after: 0, limit: 10)
        #expect(asked.map(\.localID) == ["70"])
    }
}
