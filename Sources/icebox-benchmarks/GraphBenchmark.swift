import ArgumentParser
import Foundation
import MastodonTestServer

/// The relation walk of a big account (issue 44), beside the timeline sync it shares the rate budget
/// with: alice has `--followers` followers on the loopback test server. Three runs of the real binary,
/// each timed, its requests counted and its peak memory read: her home synced with `config graph off`
/// (the timeline alone: the baseline), the same into a fresh archive with the graph on (the timeline,
/// then the walk), and a second sync of that archive within `graph-every` (the walk asks nothing).
struct GraphBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph", abstract: "The relation walk of a big account beside the timeline sync.")

    @Option(help: "Followers of alice on the test server.")
    var followers = 100_000

    @Option(help: "Statuses the test server serves on the home timeline.")
    var statuses = 2_000

    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        let binary = icebox.url
        var config = TestServerConfig.homeBenchmark(statuses: statuses)
        config.fanCount = followers
        print("generating \(statuses) statuses and \(followers) followers of alice on the loopback test server…")
        let server = try await TestServer.start(config)
        let sync = ["sync", "--quiet", "--no-media", "--backfill-pages", "1000000"]

        let baselineHome = try Self.folder("baseline")
        defer { try? FileManager.default.removeItem(at: baselineHome) }
        try await Measured.pinHome(binary, on: server.baseURL, ["--home", baselineHome.path])
        try await Measured.run(binary, ["config", "graph", "off", "--home", baselineHome.path]).succeeded("graph off")
        await server.clearRequestLog()
        let baseline = try await Measured.run(binary, sync + ["--home", baselineHome.path]).succeeded("timeline sync")
        let baselineRequests = await server.requestLog()

        let home = try Self.folder("graph")
        defer { try? FileManager.default.removeItem(at: home) }
        try await Measured.pinHome(binary, on: server.baseURL, ["--home", home.path])
        await server.clearRequestLog()
        let walked = try await Measured.run(binary, sync + ["--home", home.path]).succeeded("sync with the graph")
        let walkedRequests = await server.requestLog()
        await server.clearRequestLog()
        let again = try await Measured.run(binary, sync + ["--home", home.path]).succeeded("second sync")
        let againRequests = await server.requestLog()
        let served = await server.relationHandles("alice", .followers).count
        await server.stop()

        let kept = try Self.followersKept(binary, home)
        let timelinePaths = { (log: [LoggedRequest]) in log.filter { $0.path.hasPrefix("/api/v1/timelines/") } }
        let walk = walkedRequests.filter(Self.isGraph)
        let lastTimeline = walkedRequests.lastIndex { $0.path.hasPrefix("/api/v1/timelines/") } ?? -1
        let firstWalk = walkedRequests.firstIndex(where: Self.isGraph) ?? Int.max
        print(
            """
            followers on the server  \(served) (\(followers) added); kept by the walk \(kept)
            timeline sync alone      \(Self.seconds(baseline)) s, \(baselineRequests.count) requests (\(timelinePaths(baselineRequests).count) timeline pages), peak RSS \(baseline.peakRSSKiB / 1024) MiB
            sync with the walk       \(Self.seconds(walked)) s, \(walkedRequests.count) requests (\(timelinePaths(walkedRequests).count) timeline pages, \(walk.count) walk, \(walk.filter { $0.path.hasSuffix("/followers") }.count) of followers), peak RSS \(walked.peakRSSKiB / 1024) MiB
            timeline before the walk \(lastTimeline < firstWalk ? "yes" : "no"): every timeline page was asked before the walk's first request
            second sync, same day    \(Self.seconds(again)) s, \(againRequests.count) requests, \(againRequests.filter(Self.isGraph).count) of the walk, peak RSS \(again.peakRSSKiB / 1024) MiB
            """)
    }

    /// A request of the relation walk: follows, followers, mutes, blocks, domain blocks, endorsements,
    /// hashtags, lists and their members, relationships.
    static func isGraph(_ request: LoggedRequest) -> Bool {
        let path = request.path
        return path.hasSuffix("/following") || path.hasSuffix("/followers") || path.hasPrefix("/api/v1/mutes")
            || path.hasPrefix("/api/v1/blocks") || path.hasPrefix("/api/v1/domain_blocks")
            || path.hasPrefix("/api/v1/endorsements") || path.hasPrefix("/api/v1/followed_tags")
            || path.hasSuffix("/featured_tags") || path.hasPrefix("/api/v1/lists")
            || path.hasPrefix("/api/v1/accounts/relationships")
    }

    /// How many followers `icebox stats --json` counts in the ledger.
    static func followersKept(_ binary: URL, _ home: URL) throws -> Int {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["stats", "--json", "--home", home.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stats = try JSONSerialization.jsonObject(with: printed) as? [String: Any]
        let relations = stats?["relations"] as? [[String: Any]] ?? []
        return relations.first { $0["kind"] as? String == "followers" }?["holding"] as? Int ?? 0
    }

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "icebox-bench-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func seconds(_ measured: Measured) -> String { String(format: "%.2f", measured.seconds) }
}
