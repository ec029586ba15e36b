import ArchiveCore
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox watch` as a process against a hostile streaming server: large events cannot grow its memory
/// past a bound, and a stream that keeps closing is not reopened at the server's pace.
@Suite(.serialized) struct HostileStreamTests {
    /// The peak resident memory of a running process so far, in MiB (`VmHWM` of `/proc/<pid>/status`).
    static func peakMiB(_ command: RunningCommand) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(command.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return kilobytes / 1024
    }

    /// A streaming server with alice's home synced into a new archive, then turned hostile.
    static func hostile(_ configure: (inout HostileModes) -> Void) async throws -> (TestServer, CLI) {
        let server = try await WatchCLITests.server()
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        var modes = HostileModes()
        configure(&modes)
        await server.setHostile(modes)
        await server.clearRequestLog()
        return (server, cli)
    }

    @Test(.timeLimit(.minutes(3)))
    func aStreamOfLargeEventsKeepsPeakMemoryLowWhileTheWriterWaits() async throws {
        // 200 events of 4 MB each, on every stream opened: 800 MB whenever the watch (re)connects.
        let (server, cli) = try await Self.hostile { $0.streamFlood = .init(eventBytes: 4_000_000, count: 200) }
        defer { Task { await server.stop() } }
        // A long cron sync holds the lock, so the watch can neither catch up nor store: its events wait.
        var cronSync: SyncLock? = try await SyncLock(path: cli.home.url.appending(path: "sync.lock"), wait: false)
        let watch = try WatchCLITests.watch(cli)
        try await waitUntil(seconds: 30) { await server.streamCounts().opened >= 1 }
        var peak = 0.0
        // Long enough for floods to reach the watch, then for it to store them once the lock is free; it
        // stops at once if memory already passed the bound.
        for step in 0..<150 where peak < 256 {
            if step == 100 { cronSync = nil }
            try await Task.sleep(for: .milliseconds(100))
            peak = max(peak, Self.peakMiB(watch))
        }
        withExtendedLifetime(cronSync) {}
        #expect(peak > 0, "the peak was read")
        #expect(peak < 256, "peak RSS \(peak) MiB under a stream of 4 MB events")
        watch.kill(SIGTERM)
        #expect(await watch.wait() == 0, "SIGTERM ends watch cleanly")
    }

    @Test(.timeLimit(.minutes(3)))
    func aStreamThatClosesAtOnceIsReopenedAtMostTenTimesAMinute() async throws {
        let (server, cli) = try await Self.hostile { $0.streamsCloseAtOnce = true }
        defer { Task { await server.stop() } }
        // The default backoff, in real time: one timeline, one minute.
        let watch = try RunningCommand(CLI.binary, ["watch", "--home", cli.home.path, "--idle-timeout", "2"])
        try await Task.sleep(for: .seconds(60))
        watch.kill(SIGTERM)
        #expect(await watch.wait() == 0)
        let opened = await server.streamCounts().opened
        let catchUps = await server.requestLog().filter {
            $0.path == "/api/v1/timelines/home" && $0.query.contains { $0.name == "min_id" }
        }.count
        #expect(opened >= 2, "the stream was reopened")
        #expect(opened <= 10, "\(opened) opens in a minute")
        #expect(catchUps <= 10, "\(catchUps) catch-ups in a minute")
    }
}
