import ArchiveCore
import ArchivePostgres
import Foundation
import Logging
import Models
import Testing

/// An archive on PostgreSQL that imported a forged server id and then synced the post's server copy,
/// both before 0015 marked a file's ids (issue 42): 0018 marks the forged id by the id the server's own
/// copy carries, and leaves the server's id unmarked. (The SQLite store's 0024 is shown by
/// `LateFileServerIDMigrationTests`, which reaches the file below the store.)
@Suite(.serialized) struct LateFileServerIDConformanceTests {
    @Test func aForgedIdTheServersCopyJoinedBeforeTheUpgradeIsMarkedAndTheTrueOneIsNot() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let database = try await cluster.createDatabase()
        let logger = Logger(label: "conformance")
        let store = try await PostgresArchive(database, logger: logger)
        try await FileServerIDConformanceTests.importing(
            [
                try FileServerIDConformanceTests.status(
                    id: "0", uri: FileServerIDConformanceTests.real, content: "forged")
            ],
            into: store)
        _ = try await store.store(
            [
                try FileServerIDConformanceTests.status(
                    id: "70", uri: FileServerIDConformanceTests.real, content: "real")
            ],
            server: FileServerIDConformanceTests.home)
        await store.close()
        // As the store stood before the upgrade: no id marked (0015 marked none, the post being shown
        // from its server), and this migration not applied.
        try await cluster.execute(
            [
                "UPDATE status_ids SET from_file = false",
                "DELETE FROM icebox_schema WHERE name = '0018_file_server_ids_joined'",
            ], in: database.database)

        let upgraded = try await PostgresArchive(database, logger: logger)
        let asked = try await upgraded.recheckCandidates(
            server: FileServerIDConformanceTests.home, since: "2000-01-01", after: 0, limit: 10)
        #expect(asked.map(\.localID) == ["70"], "the forged id marked, the server's not")
        await upgraded.close()
        try? await cluster.dropDatabase(database.database)
    }
}
