import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// The built binary against a hostile server: decompression bombs keep peak memory low and fail
/// cleanly (with every core busy), a trickling attachment does not keep the next sync from archiving
/// timelines, and planted symbolic links are refused, never followed.
@Suite(.serialized) struct HostileServerTests {
    /// A small test server and an archive pinning its local timeline.
    private func localTimeline() async throws -> (TestServer, CLI) {
        var config = TestServerConfig()
        config.statusCount = 5
        let server = try await TestServer.start(config)
        let cli = try CLI()
        #expect(try await cli.run("timeline", "add", "remote:\(server.baseURL.absoluteString)").status == 0)
        return (server, cli)
    }

    @Test(.timeLimit(.minutes(3)))
    func gzipBombsKeepPeakMemoryLowAndFailCleanly() async throws {
        let (server, cli) = try await localTimeline()
        defer { Task { await server.stop() } }
        // A synced status whose attachment expands to 4 GiB.
        let path = "/media/hostile/bomb/\(4 << 30)/bomb.png"
        _ = await server.addStatus(mediaPaths: [path])
        #expect(try await cli.run("sync", "--no-media").status == 0)
        // A busy thread on each core: the bound must not depend on icebox getting the CPU promptly.
        let load = CPULoad()
        defer { load.stop() }
        let (media, mediaPeak) = try await cli.measured(["media", "fetch"])
        #expect(media.status == 1, "the bomb is a failed download: \(media.stderr)")
        #expect((media.stdout + media.stderr).contains("Content-Encoding"), "\(media.stdout) \(media.stderr)")
        #expect(mediaPeak < 300, "peak RSS \(mediaPeak) MiB for a 4 GiB attachment")

        // Every API answer is now a 2 GiB expansion.
        var modes = HostileModes()
        modes.gzipBombAPIBytes = 2 << 30
        await server.setHostile(modes)
        let (sync, syncPeak) = try await cli.measured(["sync", "--no-media", "--retries", "0"])
        #expect(sync.status == 1, "not taken as an empty page: \(sync.stdout) \(sync.stderr)")
        #expect(sync.stderr.contains("Content-Encoding: gzip"), "\(sync.stderr)")
        #expect(syncPeak < 300, "peak RSS \(syncPeak) MiB for a 2 GiB answer")
    }

    @Test(.timeLimit(.minutes(2)))
    func aSecondSyncArchivesTimelinesWhileTheFirstIsStillDownloadingMedia() async throws {
        let (server, cli) = try await localTimeline()
        defer { Task { await server.stop() } }
        _ = await server.addStatus(mediaPaths: ["/media/hostile/trickle/slow.png"])
        let started = ContinuousClock.now
        let first = try RunningCommand(
            CLI.binary,
            [
                "sync", "--media-deadline", "8", "--media-min-rate", "0",
                "--home", cli.home.path,
            ])
        // Wait until the first run is in its media phase, on the trickling attachment.
        var downloading = false
        for _ in 0..<200 where !downloading {
            try await Task.sleep(for: .milliseconds(100))
            downloading = await server.requestLog().contains { $0.path.hasPrefix("/media/hostile/trickle") }
        }
        #expect(downloading)
        var newIDs: [String] = []
        for _ in 0..<3 { if let id = await server.addStatus(username: "alice") { newIDs.append(id) } }
        let second = try await cli.run("sync")
        #expect(second.status == 0, "timelines archive while media downloads elsewhere: \(second.stderr)")
        #expect(second.stdout.contains("3 new"), "\(second.stdout)")
        #expect(second.stderr.contains("another run is downloading media"), "\(second.stderr)")
        #expect(newIDs.count == 3)
        await first.wait()
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(45), "the first run ended near its 8 s media deadline: \(elapsed)")
    }

    @Test func symbolicLinksForTheLockAndTheDownloadFolderAreRefused() async throws {
        let (server, cli) = try await localTimeline()
        defer { Task { await server.stop() } }
        let victims = try TemporaryDirectory("icebox-victim")
        let precious = victims.url.appending(path: "precious.txt")
        try Data("keep me\n".utf8).write(to: precious)
        let lock = cli.home.url.appending(path: "sync.lock")
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: precious)
        let sync = try await cli.run("sync", "--no-media")
        #expect(sync.status != 0, "a linked lock is refused")
        #expect(sync.stderr.contains("symbolic link"), "\(sync.stderr)")
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me\n", "the link's target is untouched")
        try FileManager.default.removeItem(at: lock)
        #expect(try await cli.run("sync", "--no-media").status == 0)

        let folder = victims.url.appending(path: "folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appending(path: "file.txt"))
        let media = cli.home.url.appending(path: "media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: media.appending(path: ".tmp"), withDestinationURL: folder)
        let fetch = try await cli.run("media", "fetch")
        #expect(fetch.status != 0 && fetch.stderr.contains("symbolic link"), "\(fetch.stderr)")
        _ = try await cli.run("media", "gc")
        #expect(
            FileManager.default.fileExists(atPath: folder.appending(path: "file.txt").path),
            "neither fetch nor gc empties the folder the link points to")
    }
}
