import ArgumentParser
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `icebox serve`'s pages as a browser asks for them, over HTTP on 127.0.0.1: search, thread and
/// timeline pages (p50/p95), from a real `icebox serve` on a generated archive. Goal (issue 31): a
/// search page's p95 under 100 ms at 1,000,000 statuses.
struct ServeBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "icebox serve page latency (p50/p95): search, thread, timeline.")

    @Option(help: "Statuses in the generated archive.") var statuses = 1_000_000
    @Option(help: "The archive folder (generated when it holds no archive.sqlite; reused when it does).")
    var home: String?
    @Option(help: "Requests of each page.") var runs = 40
    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        let folder = URL(
            fileURLWithPath: home
                ?? FileManager.default.temporaryDirectory.appending(path: "icebox-serve-bench-\(statuses)").path)
        let database = folder.appending(path: "archive.sqlite")
        if !FileManager.default.fileExists(atPath: database.path) {
            print("generating \(statuses) statuses…")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await SyntheticArchive(path: database, count: statuses).build(logger: Logger(label: "bench"))
        }
        let (process, port) = try await Self.serve(icebox.url, home: folder)
        defer { kill(process.processIdentifier, SIGTERM) }
        let base = "http://127.0.0.1:\(port)"
        let timelines = try JSONSerialization.jsonObject(with: try await Self.get(base + "/", json: true).data)
        let spec = ((timelines as? [[String: Any]])?.first?["spec"] as? String) ?? "home"
        let pages: [(name: String, paths: [String])] = [
            ("search common word", ["/search?q=the", "/search?q=and", "/search?q=you"]),
            ("search rare word", ["/search?q=word3977", "/search?q=word3911"]),
            ("search #tag", ["/search?q=%23swift", "/search?q=%23caturday"]),
            ("search, page 5", ["/search?q=the&page=5"]),
            ("thread", [1, statuses / 3, statuses / 2, statuses - 1].map { "/statuses/\(max($0, 1))" }),
            ("timeline", ["/timelines/\(spec)"]),
            ("timeline, page 50", ["/timelines/\(spec)?page=50"]),
        ]
        print("page                      p50 ms   p95 ms   (\(runs) requests each, \(statuses) statuses)")
        for page in pages {
            var samples: [Double] = []
            for run in -page.paths.count..<runs {
                let path = page.paths[(run + page.paths.count) % page.paths.count]
                let (elapsed, status) = try await Self.get(base + path, json: false).timing
                guard status == 200 else { throw ValidationError("\(path): HTTP \(status)") }
                if run >= 0 { samples.append(elapsed) }  // the first pass warms the cache
            }
            print(
                page.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                    + String(
                        format: " %7.1f  %7.1f", StartupBenchmark.percentile(samples, 0.5),
                        StartupBenchmark.percentile(samples, 0.95)))
        }
    }

    /// Starts `icebox serve` on a free port and waits for the line that names it.
    static func serve(_ icebox: URL, home: URL) async throws -> (Process, Int) {
        let process = Process()
        process.executableURL = icebox
        process.arguments = ["serve", "--home", home.path, "--listen", "127.0.0.1:0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let match = text.firstMatch(of: #/127\.0\.0\.1:(\d+)//#), let port = Int(match.1) {
                return (process, port)
            }
        }
        throw ValidationError("icebox serve did not start: \(text)")
    }

    /// One GET: its body, and how long it took (ms) with its status.
    static func get(_ url: String, json: Bool) async throws -> (data: Data, timing: (Double, Int)) {
        guard let address = URL(string: url) else { throw ValidationError("bad URL \(url)") }
        var request = URLRequest(url: address)
        if json { request.setValue("application/json", forHTTPHeaderField: "Accept") }
        let clock = ContinuousClock()
        let started = clock.now
        let (data, response) = try await URLSession.shared.data(for: request)
        let elapsed = clock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (data, (milliseconds, (response as? HTTPURLResponse)?.statusCode ?? 0))
    }
}
