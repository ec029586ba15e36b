import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Every reader piped into `head -1` ends quietly on either store: real processes, a real pipe. With a
/// PostgreSQL store SwiftNIO ignores `SIGPIPE` for the whole process, so a write after `head` left
/// fails with `EPIPE`, which `FileHandle.write(_:)` turned into a `try!` crash (issue #28).
@Suite(.serialized) struct ClosedPipeTests {
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    /// The readers, each printing well over a pipe's 64 KiB buffer where it can, so that most of its
    /// writes come after `head` has gone.
    static let readers: [[String]] = [
        ["search", "--all", "--limit", "5000", "-is:reply"],
        ["search", "--all", "--json", "--limit", "5000", "-is:reply"],
        ["search", "--all", "--jsonl", "--limit", "5000", "-is:reply"],
        ["search", "--all", "--csv", "--limit", "5000", "-is:reply"],
        ["show", "1"], ["show", "--raw", "1"], ["timeline", "list"], ["timeline", "list", "--json"],
        ["account", "list"],
        ["account", "list", "--json"], ["stats"], ["stats", "--json"],
        ["export", "search", "--all", "-is:reply", "-o", "-", "--format", "tar"],
    ]

    @Test(arguments: StoreKind.allCases)
    func everyReaderPipedToHeadEndsQuietly(_ kind: StoreKind) async throws {
        var store: [String] = []
        var database: (cluster: PostgresCluster, name: String)?
        if kind == .postgres {
            guard let cluster = try PostgresCluster.fromEnvironment() else { return }
            let location = try await cluster.createDatabase()
            database = (cluster, location.database)
            store = [
                "--store",
                "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable",
            ]
        }
        defer { if let database { Task { try? await database.cluster.dropDatabase(database.name) } } }
        try await withTestServer({
            $0.statusCount = 1200
            $0.homeShare = 1
        }) { server in
            let home = try TemporaryDirectory("icebox-pipe")
            func icebox(_ arguments: [String], stdin: String? = nil) async throws -> CommandResult {
                try await CommandRunner.run(Self.binary, arguments + ["--home", home.path] + store, stdin: stdin)
            }
            let added = try await icebox(
                ["account", "add", server.baseURL.absoluteString, "--token-stdin"], stdin: "test-token\n")
            #expect(added.status == 0, "\(added.stderr)")
            #expect(try await icebox(["timeline", "add", "home"]).status == 0)
            let synced = try await icebox(["sync", "--quiet", "--no-media", "--backfill-pages", "100"])
            #expect(synced.status == 0, "\(synced.stderr)")
            for reader in Self.readers {
                let arguments =
                    ["-c", #""$@" | head -1 >/dev/null; exit "${PIPESTATUS[0]}""#, "icebox", Self.binary.path]
                    + reader + ["--home", home.path] + store
                // Eight runs, four at a time: a reader that prints past the pipe's buffer writes after `head`
                // has gone in every run, so more rounds only cost CI time.
                for _ in 0..<2 {
                    let results = try await withThrowingTaskGroup(of: CommandResult.self) { group in
                        for _ in 0..<4 {
                            group.addTask { try await CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), arguments) }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    for piped in results {
                        // 0, or 141: killed by SIGPIPE, as `cat` or `grep` would be. Never a crash (132, 134).
                        #expect(
                            [0, 141].contains(piped.status),
                            "\(kind) \(reader): exit \(piped.status) \(piped.stderr.prefix(400))")
                        // Not a pipe's doing: PostgresArchive's pool can still be leased just before its
                        // `run()` starts, under load, and postgres-nio warns (left to the store's owners).
                        let said = piped.stderr.split(separator: "\n").filter {
                            !$0.contains("`PostgresClient.run()` hasn't been called yet")
                        }
                        #expect(said.isEmpty, "\(kind) \(reader): \(piped.stderr.prefix(400))")
                    }
                }
            }
        }
    }
}
