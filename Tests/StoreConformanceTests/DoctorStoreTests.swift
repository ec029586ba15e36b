import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import Testing

@testable import ArchivePostgres

/// `icebox doctor --store postgres://…` as a team's administrator runs it: the shared store's own check,
/// schema and what weakens it, beside this machine's folder; a store it cannot reach is a problem line.
@Suite(.serialized) struct DoctorStoreTests {
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    @Test func doctorChecksASharedStoreAndNamesWhatIsWrongWithIt() async throws {
        guard let cluster = try PostgresCluster.fromEnvironment() else { return }
        let location = try await cluster.createDatabase()
        defer { Task { try? await cluster.dropDatabase(location.database) } }
        let home = try TemporaryDirectory("icebox-doctor-store")
        let url = "postgres://\(location.user)@127.0.0.1:\(location.port)/\(location.database)?sslmode=disable"
        func doctor(_ extra: String...) async throws -> CommandResult {
            try await CommandRunner.run(Self.binary, ["doctor"] + extra + ["--home", home.path, "--store", url])
        }
        #expect(
            try await CommandRunner.run(
                Self.binary,
                [
                    "timeline", "add", "remote:http://127.0.0.1:9",
                    "--home", home.path, "--store", url,
                ]
            ).status == 0)
        let sound = try await doctor()
        #expect(sound.status == 0, "\(sound.stdout)\(sound.stderr)")
        #expect(sound.stdout.contains("ok      archive: postgres://"), "\(sound.stdout)")
        #expect(sound.stdout.contains("ok      schema: current"), "\(sound.stdout)")
        #expect(sound.stdout.contains("timeline remote:http://127.0.0.1:9"), "the store's timelines are checked")

        // A lease a killed worker left, the phrase index gone, JIT back on: warnings, not problems.
        let store = try await PostgresArchive(location, logger: Logger(label: "doctor"))
        try await store.execute(
            """
            INSERT INTO server_leases(server, holder, claimed_at, expires_at)
            VALUES ('127.0.0.1:9', 'gone-host:4242:ab', now() - interval '2 hours', now() - interval '1 hour')
            """)
        try await store.execute("DROP INDEX IF EXISTS statuses_phrases_by_date")
        try await store.execute("ALTER DATABASE \(location.database) RESET jit")
        let warned = try await doctor()
        #expect(warned.status == 0, "\(warned.stdout)")
        #expect(warned.stdout.contains("warning store: the lease on 127.0.0.1:9 expired"), "\(warned.stdout)")
        #expect(warned.stdout.contains("gone-host:4242:ab"))
        #expect(warned.stdout.contains("warning store: phrases are searched without the RUM index"), "\(warned.stdout)")
        #expect(warned.stdout.contains("warning store: new sessions JIT-compile"), "\(warned.stdout)")

        // Damage: a status whose words are not in the search index.
        _ = try await store.store(try RepeatedInPageTests.page(), server: "a.example")
        try await store.execute(
            """
            UPDATE statuses SET search_words = ''::tsvector WHERE uri = 'https://a.example/users/u/statuses/12'
            """)
        await store.close()
        let damaged = try await doctor("--json")
        #expect(damaged.status == 1)
        let summary = try JSONSerialization.jsonObject(with: Data(damaged.stdout.utf8)) as? [String: Any]
        #expect(summary?["ok"] as? Bool == false)
        let checks = summary?["checks"] as? [[String: Any]] ?? []
        let archive = checks.first { $0["check"] as? String == "archive" }
        #expect(archive?["status"] as? String == "problem")
        #expect(
            (archive?["message"] as? String)?.contains("1 status has text but no search words") == true,
            "\(damaged.stdout)")

        // A store it cannot reach: one problem line naming it (never its password), and the folder checked.
        let asked = ContinuousClock.now
        let unreachable = try await CommandRunner.run(
            Self.binary,
            [
                "doctor", "--home", home.path, "--store", "postgres://icebox@127.0.0.1:9/nothing?sslmode=disable",
            ],
            environment: ["PGPASSWORD": "sekrit"])
        #expect(
            ContinuousClock.now - asked < .seconds(30),
            "said at once, not after the connection pool's minute of retries")
        #expect(unreachable.status == 1)
        #expect(unreachable.stdout.contains("Connection refused"), "\(unreachable.stdout)")
        #expect(
            unreachable.stdout.contains("problem store: postgres://icebox@127.0.0.1:9/nothing cannot be opened"),
            "\(unreachable.stdout)")
        #expect(unreachable.stdout.contains("credentials.json"), "the folder's files are still checked")
        #expect(!(unreachable.stdout + unreachable.stderr).contains("sekrit"))
    }
}
