import Foundation
import IceboxTestSupport
import Testing

/// What commands say about a PostgreSQL store: `stats` names the store it read (the URL, never a
/// password), not the local folder; a database that is not there is said in a sentence, with 69.
@Suite(.serialized) struct StoreLocationCLITests {
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    @Test func statsNamesThePostgreSQLStoreAndAMissingDatabaseIsASentence() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        defer { Task { try? await cluster.dropDatabase(location.database) } }
        let home = try TemporaryDirectory("icebox-stats-store")
        let url = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable"
        func icebox(_ arguments: String..., store: String = url) async throws -> CommandResult {
            try await CommandRunner.run(
                Self.binary, arguments + ["--home", home.path, "--store", store],
                environment: ["PGPASSWORD": "sekrit"])
        }
        #expect(try await icebox("timeline", "add", "remote:http://127.0.0.1:9").status == 0)
        let stats = try await icebox("stats")
        #expect(stats.status == 0, "\(stats.stderr)")
        let shown = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)"
        #expect(stats.stdout.contains("archive     \(shown)\n"), "\(stats.stdout)")
        #expect(!stats.stdout.contains(home.path) && !stats.stdout.contains("sekrit"), "\(stats.stdout)")

        let missing = "postgres://\(location.user)@127.0.0.1:\(location.port)/no_such_db?sslmode=disable"
        let result = try await icebox("stats", store: missing)
        #expect(result.status == 69, "\(result.status) \(result.stderr)")
        #expect(
            result.stderr.contains("127.0.0.1:\(location.port)") && result.stderr.contains("no_such_db")
                && result.stderr.contains("does not exist"), "\(result.stderr)")
        #expect(!result.stderr.contains("sekrit"))

        // A database with no archive yet: a reader says so (66) and leaves it empty; a writer starts one.
        let empty = try await cluster.createDatabase()
        defer { Task { try? await cluster.dropDatabase(empty.database) } }
        let emptyURL = "postgres://\(empty.user)@127.0.0.1:\(empty.port)/\(empty.database)?sslmode=disable"
        for command in [["stats"], ["timeline", "list"], ["search", "kite"]] {
            let read = try await CommandRunner.run(Self.binary, command + ["--home", home.path, "--store", emptyURL])
            #expect(
                read.status == 66 && read.stderr.contains("no archive in postgres://"), "\(command): \(read.stderr)")
        }
        #expect(try await icebox("timeline", "add", "remote:http://127.0.0.1:9", store: emptyURL).status == 0)
        #expect(try await icebox("stats", store: emptyURL).status == 0)
    }
}
