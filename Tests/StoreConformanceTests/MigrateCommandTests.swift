import ArchivePostgres
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing

/// `icebox migrate` as a user runs it: SQLite → PostgreSQL → SQLite with the binary, then the copies
/// answer the same search.
@Suite(.serialized) struct MigrateCommandTests {
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    @Test func migrateCopiesToPostgreSQLAndBackAndRefusesAFullStore() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        defer { Task { try? await cluster.dropDatabase(location.database) } }
        try await withTestServer { server in
            let home = try TemporaryDirectory("icebox-migrate")
            func icebox(_ arguments: String..., stdin: String? = nil) async throws -> CommandResult {
                try await CommandRunner.run(Self.binary, arguments + ["--home", home.path], stdin: stdin)
            }
            #expect(
                try await icebox(
                    "account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n"
                )
                .status == 0)
            #expect(try await icebox("timeline", "add", "local").status == 0)
            #expect(try await icebox("sync", "--quiet", "--no-media").status == 0)
            let url = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable"
            let forth = try await icebox("migrate", "--to", url)
            #expect(forth.status == 0, "\(forth.stderr)")
            #expect(forth.stdout.contains("statuses verified byte for byte"))
            let copyHome = try TemporaryDirectory("icebox-migrate-back")
            let back = copyHome.url.appending(path: "archive.sqlite").path
            let again = try await icebox("migrate", "--store", url, "--to", back)
            #expect(again.status == 0, "\(again.stderr)")
            let original = try await icebox("search", "--json", "--limit", "1000", "--all", "-is:reply")
            let copied = try await CommandRunner.run(
                Self.binary,
                [
                    "search", "--json", "--limit", "1000", "--all", "-is:reply",
                    "--home", copyHome.path,
                ])
            #expect(original.status == 0 && !original.stdout.isEmpty)
            #expect(copied.stdout == original.stdout, "the copy finds the same statuses, numbered the same")
            // Every reading command works on the PostgreSQL store as on the file, with --store.
            let onPostgres = try await CommandRunner.run(
                Self.binary,
                [
                    "search", "--json", "--limit", "1000", "--all",
                    "-is:reply", "--store", url, "--home", copyHome.path,
                ])
            #expect(onPostgres.stdout == original.stdout, "\(onPostgres.stderr)")
            let shown = try await icebox("show", "1")
            let shownThere = try await icebox("show", "1", "--store", url)
            #expect(shown.status == 0 && shownThere.stdout == shown.stdout, "\(shownThere.stderr)")
            let stats = try await icebox("stats", "--json", "--store", url)
            #expect(stats.status == 0 && stats.stdout.contains("\"statuses\""), "\(stats.stderr)")
            let tarball = home.url.appending(path: "thread.tar.gz").path
            let exported = try await icebox("export", "thread", "1", "-o", tarball, "--store", url)
            #expect(exported.status == 0, "\(exported.stderr)")
            let full = try await icebox("migrate", "--to", url)
            #expect(full.status == 64 && full.stderr.contains("already holds an archive"), "\(full.stderr)")
            let bad = try await icebox("migrate", "--to", "postgres://127.0.0.1/nouser")
            #expect(bad.status == 64 && bad.stderr.contains("names no user"))
            #expect(!forth.stderr.contains("password") && !forth.stdout.contains("password"))
        }
    }
}

/// A worker that finds every server held by other workers says so, not that nothing is pinned.
@Suite struct BusyWorkerMessageTests {
    @Test func aWorkerWithNothingLeftSaysOtherWorkersHoldTheServers() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        defer { Task { try? await cluster.dropDatabase(location.database) } }
        let home = try TemporaryDirectory("icebox-busy-worker")
        let url = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable"
        func icebox(_ arguments: String...) async throws -> CommandResult {
            try await CommandRunner.run(MigrateCommandTests.binary, arguments + ["--home", home.path, "--store", url])
        }
        // A store with no archive yet: a sync neither starts one nor succeeds.
        let empty = try await icebox("sync", "--no-media")
        #expect(empty.status == 66 && empty.stderr.contains("no archive in"), "\(empty.stderr)")
        // The server's lease is held by another worker for a minute: this one has nothing to do.
        #expect(try await icebox("timeline", "add", "remote:http://127.0.0.1:9").status == 0)
        let store = try await PostgresArchive(location, logger: Logger(label: "busy"))
        let claimed = try await store.claimServer(
            among: ["http://127.0.0.1:9"], holder: "elsewhere#0", for: .seconds(60),
            round: try await store.beginRound())
        await store.close()
        #expect(claimed == "http://127.0.0.1:9")
        let busy = try await icebox("sync", "--no-media")
        #expect(busy.status == 0, "\(busy.stderr)")
        #expect(busy.stderr.contains("other workers hold every server"), "\(busy.stderr)")
        #expect(!busy.stderr.contains("no timelines pinned"))
    }
}
