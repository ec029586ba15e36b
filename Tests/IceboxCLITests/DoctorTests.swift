import Foundation
import GRDB
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox doctor` names each thing that is wrong on a line of its own and exits 1; a sound archive
/// exits 0.
@Suite(.serialized) struct DoctorTests {
    /// Lines of `doctor` output by status (`ok`, `warning`, `problem`).
    static func lines(_ output: String, _ status: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(status + " ") }
    }

    /// Dates the archived statuses `secondsApart` seconds apart, newest now, then runs `statements`.
    static func spaceStatuses(of cli: CLI, secondsApart: Int, _ statements: String...) async throws {
        let database = try DatabaseQueue(path: cli.home.url.appending(path: "archive.sqlite").path)
        try await database.write { db in
            // created_at and the sort key made of it move together (a constraint holds them so).
            try db.execute(
                sql: """
                    UPDATE statuses SET
                        created_at = strftime('%Y-%m-%dT%H:%M:%S.000Z', CAST(strftime('%s', 'now') AS INTEGER) - id * ?, 'unixepoch'),
                        sort_key = ((CAST(strftime('%s', 'now') AS INTEGER) - id * ?) * 1000) << 12
                    """, arguments: [secondsApart, secondsApart])
            for statement in statements { try db.execute(sql: statement) }
        }
        try database.close()
    }

    @Test func aSoundArchiveIsWell() async throws {
        let server = try await TestServer.startHome(statuses: 120)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let result = try await cli.run("doctor")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(Self.lines(result.stdout, "problem").isEmpty, "\(result.stdout)")
        for check in [
            "archive", "schema", "media", "credentials.json", "account alice@icebox.test",
            "timeline home (alice@icebox.test)", "sync lock", "disk",
        ] {
            #expect(result.stdout.contains(" \(check): "), "no line for \(check): \(result.stdout)")
        }
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try await cli.run("doctor", "--json").stdout.utf8))
                as? [String: Any])
        #expect(Set(json.keys) == ["checks", "ok"] && json["ok"] as? Bool == true)
        let checks = try #require(json["checks"] as? [[String: Any]])
        #expect(!checks.isEmpty && checks.allSatisfy { Set($0.keys) == ["check", "message", "status"] })
    }

    @Test func aRefusedTokenAReadableCredentialsFileAndAStaleTimelineAreEachAProblem() async throws {
        let server = try await TestServer.startHome(statuses: 120)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        await server.removeToken("test-token")
        let credentials = cli.home.url.appending(path: "credentials.json")
        #expect(chmod(credentials.path, 0o644) == 0)
        let database = try DatabaseQueue(path: cli.home.url.appending(path: "archive.sqlite").path)
        try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE timelines SET last_sync_at = '2026-01-01T00:00:00.000Z', last_success_at = '2026-01-01T00:00:00.000Z'"
            )
        }
        try database.close()

        let result = try await cli.run("doctor")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let problems = Self.lines(result.stdout, "problem")
        #expect(problems.count == 3, "\(result.stdout)")
        #expect(
            problems.contains { $0.contains("credentials.json: ") && $0.contains("readable by anyone") }, "\(problems)")
        #expect(
            problems.contains { $0.contains("account alice@icebox.test: ") && $0.contains("refuses the token") },
            "\(problems)")
        #expect(
            problems.contains {
                $0.contains("timeline home (alice@icebox.test): last synced successfully ") && $0.contains("days ago")
            },
            "\(problems)")
        #expect(!result.stdout.contains("test-token") && !result.stderr.contains("test-token"))
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try await cli.run("doctor", "--json").stdout.utf8))
                as? [String: Any])
        #expect(json["ok"] as? Bool == false)
    }

    /// A home feed filling at one status a second keeps ~400 s of entries: an hour since the last sync
    /// risks entries that dropped out unread.
    @Test func aBusyHomeFeedSyncedTooRarelyIsAProblem() async throws {
        let server = try await TestServer.startHome(statuses: 120)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        try await Self.spaceStatuses(
            of: cli, secondsApart: 1,
            "UPDATE timelines SET last_success_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hours')")
        let result = try await cli.run("doctor")
        #expect(result.status == 1, "\(result.stdout)")
        let problems = Self.lines(result.stdout, "problem")
        #expect(
            problems.count == 1
                && problems[0].contains("timeline home (alice@icebox.test): last synced successfully 60 min ago")
                && problems[0].contains("3600 entries an hour") && problems[0].contains("sync more often"),
            "\(result.stdout)")
    }

    /// A quiet feed (one entry every 20 hours) is said at a rate that is true: 1.2 a day, so its ~400
    /// entries reach back 333 days (it used to say "about 1 entries an hour", which would be 17 days).
    @Test func aQuietFeedsRateAndReachAgree() async throws {
        let server = try await TestServer.startHome(statuses: 120)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        try await Self.spaceStatuses(of: cli, secondsApart: 72_000)
        let result = try await cli.run("doctor")
        let line =
            result.stdout.split(separator: "\n").first { $0.contains("timeline home (alice@icebox.test): ") } ?? ""
        #expect(
            line.contains("at about 1.2 entries a day, the server's ~400 entries reach back 333 days"),
            "\(result.stdout)")
        #expect(line.hasPrefix("ok "), "\(result.stdout)")
    }

    /// An archive nobody may write (a backup mounted read-only) is checked as it is: every reader works
    /// there, and so does doctor (it used to fail with "attempt to write a readonly database").
    @Test func aReadOnlyArchiveIsCheckedAsItIs() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 40, homeShare: 1)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server)
        let media = cli.home.url.appending(path: "media")
        let inMedia = FileManager.default.enumerator(atPath: media.path)?.allObjects.compactMap { $0 as? String } ?? []
        let stored = inMedia.filter { $0.split(separator: "/").count == 3 }
        try #require(!stored.isEmpty, "the test needs stored media")
        // Readable by anyone, writable by nobody.
        for path in inMedia {
            #expect(chmod(media.appending(path: path).path, stored.contains(path) ? 0o444 : 0o555) == 0)
        }
        #expect(chmod(media.path, 0o555) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.home.path)
        for name in names where name.hasPrefix("archive.sqlite") {
            #expect(chmod(cli.home.url.appending(path: name).path, 0o444) == 0)
        }
        #expect(chmod(cli.home.path, 0o555) == 0)
        defer { _ = chmod(cli.home.path, 0o755) }
        let result = try await ArchiveFileHazardTests.runUnprivileged(["doctor"], home: cli.home.path)
        #expect(!(result.stdout + result.stderr).contains("readonly"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok      archive: "), "\(result.stdout)")
        #expect(result.stdout.contains("ok      media: a sample of"), "\(result.stdout)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.home.path).sorted() == names.sorted(),
            "nothing was added")
    }

    /// doctor reports the archive as it finds it: one an older Icebox left is said to need migrating,
    /// and is not migrated by being checked.
    @Test func anArchiveBehindTheSchemaIsReportedNotMigrated() async throws {
        let cli = try CLI()
        #expect(try await cli.run("timeline", "add", "remote:http://127.0.0.1:9").status == 0)
        let file = cli.home.url.appending(path: "archive.sqlite").path
        let database = try DatabaseQueue(path: file)
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier = (SELECT MAX(identifier) FROM grdb_migrations)")
        }
        let before = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") }
        try database.close()
        let result = try await cli.run("doctor")
        #expect(result.stdout.contains("warning schema: 1 migrations pending"), "\(result.stdout)\(result.stderr)")
        let after = try DatabaseQueue(path: file)
        #expect(
            try await after.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") } == before)
        try after.close()
    }

    @Test func aCorruptedArchiveIsAProblem() async throws {
        let server = try await TestServer.startHome(statuses: 200)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        #expect(try await cli.run("doctor").status == 0)
        try cli.damageArchive()
        for options in [[String](), ["--full"]] {
            let result = try await cli.run(["doctor"] + options)
            #expect(result.status == 1, "\(options): \(result.stdout)\(result.stderr)")
            #expect(
                Self.lines(result.stdout, "problem").contains { $0.hasPrefix("problem archive: ") }, "\(result.stdout)")
            // A few findings and the advice, on one line of the report: never SQLite's fifty (issue 42, P16).
            let archiveLine = result.stdout.split(separator: "\n").first { $0.contains("archive: ") } ?? ""
            #expect(archiveLine.contains("restore it from a backup"), "\(result.stdout)")
            #expect(archiveLine.count < 1_000, "\(archiveLine.count) characters: \(archiveLine)")
        }
    }

    @Test func noArchiveIsSaidAndNothingIsCreated() async throws {
        let cli = try CLI()
        let result = try await cli.run("doctor")
        #expect(result.status == 66, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.home.path).isEmpty)
    }
}
