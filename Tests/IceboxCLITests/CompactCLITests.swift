import ArchiveCore
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `icebox compact` as a cron job or a person runs it: under the archive's locks (exit 75 while a sync,
/// import or download holds one), on an archive that must exist (66), and leaving every post found as before.
@Suite(.serialized) struct CompactCLITests {
    @Test func compactsUnderTheLocksAndKeepsWhatSearchFinds() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 60)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let archive = cli.home.url.appending(path: "archive.sqlite")
        let found = try await cli.run("search", "--jsonl", "--all", "--limit", "1000", "-is:reply")
        #expect(found.status == 0 && found.stdout.split(separator: "\n").count > 20)

        for lockName in ["sync.lock", "media.lock"] {
            let lock = try await SyncLock(path: cli.home.url.appending(path: lockName), wait: false)
            let before = try Data(contentsOf: archive)
            let refused = try await cli.run("compact")
            #expect(refused.status == 75, "\(lockName): \(refused.stderr)")
            #expect(refused.stderr.contains("pid \(ProcessInfo.processInfo.processIdentifier)"), "\(refused.stderr)")
            #expect(try Data(contentsOf: archive) == before, "\(lockName): the archive is left as it was")
            withExtendedLifetime(lock) {}
        }

        let result = try await cli.run("compact")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Compacted \(archive.path): "), "\(result.stdout)")
        #expect(result.stdout.contains(" freed)"))
        let again = try await cli.run("search", "--jsonl", "--all", "--limit", "1000", "-is:reply")
        #expect(again.status == 0)
        #expect(again.stdout == found.stdout)
        let doctor = try await cli.run("doctor", "--full")
        #expect(doctor.stdout.contains("ok      archive:"), "\(doctor.stdout)")
    }

    /// `icebox watch` holds `sync.lock` for moments (a batch, a catch-up): a compaction waits for it, as a
    /// sync does, instead of exiting 75.
    @Test func aWatchsMomentaryHoldIsWaitedFor() async throws {
        let cli = try CLI()
        #expect(try await cli.run("timeline", "add", "remote:http://127.0.0.1:9").status == 0)
        var watch: SyncLock? = try await SyncLock(
            path: cli.home.url.appending(path: "sync.lock"), wait: false, purpose: "watch")
        let compacting = Task { try await cli.run("compact") }
        try await Task.sleep(for: .seconds(1))
        #expect(watch != nil)
        watch = nil
        let result = try await compacting.value
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Compacted "))
    }

    @Test func aFolderWithoutAnArchiveIs66AndGetsNothing() async throws {
        let cli = try CLI()
        let home = cli.home.url.appending(path: "mistyped")
        let result = try await CommandRunner.run(CLI.binary, ["compact", "--home", home.path])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no archive in \(home.path)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    /// A PostgreSQL store reuses its space by its own VACUUM: said at once, before connecting (nothing
    /// listens on port 9), and nothing is created.
    @Test func aPostgreSQLStoreIsToldSo() async throws {
        let cli = try CLI()
        let result = try await cli.run("compact", "--store", "postgres://icebox@127.0.0.1:9/icebox")
        #expect(result.status == 64)
        #expect(result.stderr.contains("PostgreSQL store reuses its space by its own VACUUM"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.home.url.appending(path: "sync.lock").path))
    }
}
