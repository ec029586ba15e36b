import ArchiveCore
import ArgumentParser
import Foundation
import GRDB
import MastodonTestServer

/// `icebox watch` archiving a burst of stream events at its best rate, then a steady 1,000 events a
/// second (its peak memory), beside `icebox sync` storing the same statuses as pages.
struct WatchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Stream archiving rate and peak memory beside sync's pages.")

    @Option(help: "Events (new statuses) streamed in each of the two runs.")
    var events = 10_000

    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        var config = TestServerConfig.homeBenchmark(statuses: 20)
        config.fixturesDirectory = nil
        try await BinaryBench.run(icebox, serving: config, scratch: "icebox-bench-watch") { bench in
            let (binary, server, home) = (bench.binary, bench.server, bench.scratch)
            try await Self.prepare(binary, server, home)
            let watch = Process()
            watch.executableURL = binary
            watch.arguments = ["watch", "--home", home.path]
            watch.standardError = FileHandle.nullDevice
            try watch.run()
            let poller = Measured.peakMemory(of: watch.processIdentifier)
            while await server.streamCounts().open < 1 { try await Task.sleep(for: .milliseconds(50)) }
            let archive = home.appending(path: "archive.sqlite")

            print("streaming \(events) events as fast as the test server makes them…")
            let burstStart = ContinuousClock.now
            for _ in stride(from: 0, to: events, by: 500) { _ = await server.addStatuses(500) }
            try await Self.waitForHome(of: server, in: archive)
            let burst = (ContinuousClock.now - burstStart).seconds

            print("streaming \(events) more at 1,000 events a second…")
            let steadyStart = ContinuousClock.now
            for second in 0..<(events / 1000) {
                let tick = steadyStart.advanced(by: .seconds(second))
                for slice in 0..<10 {
                    try await Task.sleep(until: tick.advanced(by: .milliseconds(slice * 100)))
                    _ = await server.addStatuses(100)
                }
            }
            try await Self.waitForHome(of: server, in: archive)
            let steady = (ContinuousClock.now - steadyStart).seconds
            poller.cancel()
            let peak = await poller.value
            watch.interrupt()
            watch.waitUntilExit()

            let pages = home.appending(path: "pages")
            try await Self.prepare(binary, server, pages, sync: false)
            let sync = try await Measured.run(
                binary,
                [
                    "sync", "--quiet", "--no-media", "--backfill-pages", "1000000",
                    "--home", pages.path,
                ])
            await server.stop()
            let synced = try await Self.count(pages.appending(path: "archive.sqlite"))
            print(
                """
                watch, burst          \(events) events in \(String(format: "%.2f", burst)) s, \(Int(Double(events) / burst)) events/s stored
                watch, 1,000/s        \(events) events in \(String(format: "%.2f", steady)) s (\(Int(Double(events) / steady)) events/s), peak RSS \(peak / 1024) MiB (goal: under 100 MiB)
                sync, same statuses   \(synced) statuses in \(String(format: "%.2f", sync.seconds)) s, \(Int(Double(synced) / sync.seconds)) statuses/s, peak RSS \(sync.peakRSSKiB / 1024) MiB
                watch exit status     \(watch.terminationStatus) after SIGINT
                """)
        }
    }

    /// An archive with alice's account and her home pinned (and synced once, unless `sync` is false).
    static func prepare(_ binary: URL, _ server: TestServer, _ home: URL, sync: Bool = true) async throws {
        let arguments = ["--home", home.path]
        try await Measured.pinHome(binary, on: server.baseURL, arguments)
        if sync { _ = try await Measured.run(binary, ["sync", "--quiet", "--no-media"] + arguments) }
    }

    /// The archive opened for reading beside the running watch.
    static func readOnly(_ archive: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: archive.path, configuration: configuration)
    }

    static func count(_ archive: URL) async throws -> Int {
        let queue = try readOnly(archive)
        return try await queue.read { db in try Int.fetchOne(db, sql: StatsStatements.count("statuses")) ?? 0 }
    }

    /// Waits until every status of alice's home on the server has an id in the archive.
    static func waitForHome(of server: TestServer, in archive: URL) async throws {
        let wanted = Set(await server.timelineIDs(.home("alice")))
        let queue = try readOnly(archive)
        let deadline = ContinuousClock.now.advanced(by: .seconds(600))
        while true {
            let stored = Set(
                try await queue.read { db in try String.fetchAll(db, sql: "SELECT local_id FROM status_ids") })
            if wanted.isSubset(of: stored) { return }
            guard ContinuousClock.now < deadline else {
                throw ValidationError(
                    "watch did not store \(wanted.subtracting(stored).count) of the home's statuses in 10 min")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
