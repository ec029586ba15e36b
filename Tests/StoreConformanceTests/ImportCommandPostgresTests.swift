import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox import` into a PostgreSQL store (`--store postgres://…`), as a user runs it: the import, what
/// `show` says of it, and `--resolve` fetching what the export named by uri and making its boosts.
@Suite(.serialized) struct ImportCommandPostgresTests {
    @Test func anExportImportsIntoPostgreSQLAndShowsWhereItCameFrom() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        defer { Task { try? await cluster.dropDatabase(location.database) } }
        let home = try TemporaryDirectory("icebox-import-postgres")
        let url = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable"
        func icebox(_ arguments: String...) async throws -> CommandResult {
            try await CommandRunner.run(MigrateCommandTests.binary, arguments + ["--home", home.path, "--store", url])
        }
        let imported = try await icebox("import", "mastodon-export", ImportFiles.fixture.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr.contains("(alice@social.example)") && imported.stderr.contains("8 new"),
            "\(imported.stderr)")
        let shown = try await icebox("show", ImportFiles.alice + "111000000000000002")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stdout.contains("archived from: import mastodon-export mastodon-export (outbox.json item 2)"),
            "\(shown.stdout)")
        let again = try await icebox("import", "mastodon-export", ImportFiles.fixture.path)
        #expect(again.status == 0 && again.stderr.contains("0 new"), "\(again.stderr)")
    }

    @Test func resolveFetchesWhatTheExportNamedIntoPostgreSQL() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        defer { Task { try? await cluster.dropDatabase(location.database) } }
        try await withTestServer { server in
            let home = try TemporaryDirectory("icebox-resolve-postgres")
            let url = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable"
            func icebox(_ arguments: [String], stdin: String? = nil) async throws -> CommandResult {
                try await CommandRunner.run(
                    MigrateCommandTests.binary, arguments + ["--home", home.path, "--store", url],
                    stdin: stdin)
            }
            let uris = try await AliceExport.serverURIs(server, count: 3)
            let export = try AliceExport.write(
                liking: [uris[0], uris[1]], bookmarking: [uris[2]], boosting: [uris[1]], in: home.url)
            let added = try await icebox(
                ["account", "add", server.baseURL.absoluteString, "--token-stdin"], stdin: "test-token\n")
            #expect(added.status == 0, "\(added.stderr)")
            let run = try await icebox(["import", "mastodon-export", export.path, "--resolve"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("resolved 3 statuses alice@icebox.test had named by uri"), "\(run.stderr)")
            #expect(run.stderr.contains("1 boosts of fetched posts made boosts"), "\(run.stderr)")
            func searched(_ text: String) async throws -> Set<String> {
                let result = try await icebox(["search", text, "--json"])
                let objects =
                    (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
                return Set(objects.compactMap { $0["uri"] as? String })
            }
            #expect(try await searched("is:favourited") == [uris[0], uris[1]])
            #expect(try await searched("is:bookmarked") == [uris[2]])
            #expect(try await searched("is:boost") == [uris[1]])
        }
    }
}
