import Foundation
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A store that stops answering under a running reader (its PostgreSQL server stopped, as the attack
/// did with `pg_ctl -m immediate stop`): pages answer 503 at `--store-deadline` instead of hanging, and
/// the reader itself keeps answering. On a PostgreSQL cluster of its own (`scripts/postgres-cluster`),
/// since it is stopped under the reader.
@Suite(.serialized) struct ServeStoreDeadlineTests {
    static let canStartPostgres =
        (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))?
        .isEmpty == false

    @Test(.enabled(if: canStartPostgres))
    func aStoreThatStopsAnsweringGives503() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let cluster = try TemporaryDirectory("icebox-serve-pg")
        // Run as root, the script runs the cluster as `postgres`, which must reach the folder.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cluster.path)
        let script = Repository.root.appending(path: "scripts/postgres-cluster").path
        let bash = URL(fileURLWithPath: "/bin/bash")
        let started = try await CommandRunner.run(bash, [script, "start", cluster.url.appending(path: "c").path])
        defer { _ = try? runStop(script, cluster) }
        try #require(started.status == 0, "\(started.stderr)")
        let url = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let copy = try TemporaryDirectory("icebox-serve-pg-home")
        _ = try await CommandRunner.run(
            URL(fileURLWithPath: "/bin/cp"), ["-a", archive.home.path + "/.", copy.path])
        let migrated = try await ServedArchive.icebox(["migrate", "--to", url, "--home", copy.path])
        try #require(migrated.status == 0, "\(migrated.stderr)")
        let process = try await ServeProcess.start(
            ["serve", "--listen", "127.0.0.1:0", "--home", copy.path, "--store", url, "--store-deadline", "2"])
        defer { process.running.signal(SIGKILL) }
        let served = process.served
        #expect((try await served.get("/")).status == .ok)
        let stopped = try await CommandRunner.run(bash, [script, "stop", cluster.url.appending(path: "c").path])
        try #require(stopped.status == 0, "\(stopped.stderr)")
        for path in ["/", "/stats", "/search?q=hostile", "/timelines/home"] {
            let answer = try await served.get(path)
            #expect(
                answer.status == .serviceUnavailable || answer.status == .internalServerError,
                "\(path): \(answer.status)")
            #expect(!answer.body.contains(url), "\(path): no store URL in the page")
        }
        // The deadline, not the driver's own error, answers the page that waits on a pool of a stopped server.
        #expect((try await served.get("/")).status == .serviceUnavailable)
    }

    private func runStop(_ script: String, _ cluster: TemporaryDirectory) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, "stop", cluster.url.appending(path: "c").path]
        try process.run()
        process.waitUntilExit()
    }
}
