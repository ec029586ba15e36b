import Archive
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
/// timeline pages (p50/p95), from a real `icebox serve` on a generated archive, or with `--store` on the
/// same statuses copied into a loopback PostgreSQL database. Goal (issue 31): a search page's p95 under
/// 100 ms at 1,000,000 statuses on either store.
struct ServeBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "icebox serve page latency (p50/p95): search, thread, timeline.")

    @Option(help: "Statuses in the generated archive.") var statuses = 1_000_000
    @Option(help: "The archive folder (generated when it holds no archive.sqlite; reused when it does).")
    var home: String?
    @Option(help: "Requests of each page.") var runs = 40
    @Option(help: "Pages of the API's home timeline, each from the Link of the one before.") var apiPages = 1000
    @Option(
        help:
            "Serve from this loopback PostgreSQL database (postgres://user@127.0.0.1:port/db?sslmode=disable), the generated statuses copied into it on the first run."
    )
    var store: String?
    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        let folder = try await SyntheticArchive.preparedHome(
            home, statuses: statuses, name: "icebox-serve-bench", logger: Logger(label: "bench"))
        let database = folder.appending(path: "archive.sqlite")
        try await ServeAPIBenchmark.ownTimelines(in: database, logger: Logger(label: "bench"))
        if let store { try await Self.fill(store, from: database) }
        let apiToken = try ServeAPIBenchmark.token(icebox.url, home: folder)
        let (process, port, owner) = try await Self.serve(icebox.url, home: folder, store: store)
        defer { kill(process.processIdentifier, SIGTERM) }
        let base = "http://127.0.0.1:\(port)"
        // The owner's token, as a browser holds it after the printed address: the pages need it.
        let cookie = "icebox-\(port)=\(owner)"
        let timelines = try JSONSerialization.jsonObject(
            with: try await Self.get(base + "/", json: true, cookie: cookie).data)
        let spec = ((timelines as? [[String: Any]])?.first?["spec"] as? String) ?? "home"
        let common = (SyntheticArchive.vocabulary["en"] ?? []).prefix(54).filter {
            $0.count > 1 && !["the", "and", "you"].contains($0)
        }
        let tags = ["swift", "Swift", "SWIFT", "sWift", "caturday", "Caturday", "CATURDAY", "catUrday"]
        // "again": a few questions asked over and over (the totals come from serve's count cache after
        // the first); "new": each request a question not asked before, so its total is counted.
        let pages: [(name: String, paths: [String], warm: Bool)] = [
            ("search common word, again", ["/search?q=the", "/search?q=and", "/search?q=you"], true),
            ("search common word, new", common.prefix(runs).map { "/search?q=\($0)" }, false),
            ("search rare word, again", ["/search?q=word3977", "/search?q=word3911"], true),
            ("search rare word, new", (0..<runs).map { "/search?q=word\(1000 + $0 * 7)" }, false),
            ("search #tag, again", ["/search?q=%23swift", "/search?q=%23caturday"], true),
            ("search #tag, new", tags.map { "/search?q=%23\($0)" }, false),
            ("search, page 5", ["/search?q=the&page=5"], true),
            ("thread", [1, statuses / 3, statuses / 2, statuses - 1].map { "/statuses/\(max($0, 1))" }, true),
            ("timeline", ["/timelines/\(spec)"], true),
            ("timeline, page 50", ["/timelines/\(spec)?page=50"], true),
        ]
        print(
            "page                        p50 ms   p95 ms   CPU ms  first ms  (\(runs) requests each but the new "
                + "common words and tags, \(statuses) statuses, \(store == nil ? "SQLite" : "PostgreSQL"); CPU: "
                + "icebox serve's, per request; first: the first request of a page asked again, not counted)")
        for page in pages {
            var samples: [Double] = []
            var cpu = 0.0
            var first = 0.0
            let requests = page.warm ? Array(-page.paths.count..<runs) : Array(0..<page.paths.count)
            for run in requests {
                let path = page.paths[(run + page.paths.count) % page.paths.count]
                let before = Self.cpuMilliseconds(of: process.processIdentifier)
                let (elapsed, status) = try await Self.get(base + path, json: false, cookie: cookie).timing
                guard status == 200 else { throw ValidationError("\(path): HTTP \(status)") }
                // A warm page's first pass fills the caches (the system's and serve's) and is not counted.
                if run == requests.first, page.warm { first = elapsed }
                if run >= 0 {
                    samples.append(elapsed)
                    cpu += Self.cpuMilliseconds(of: process.processIdentifier) - before
                }
            }
            print(
                page.name.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(
                        format: " %7.1f  %7.1f  %7.1f  %8.1f", StartupBenchmark.percentile(samples, 0.5),
                        StartupBenchmark.percentile(samples, 0.95), cpu / Double(max(samples.count, 1)), first))
        }
        for (name, samples, cpu) in try await ServeAPIBenchmark.measure(
            base: base, token: apiToken, pid: process.processIdentifier, pages: apiPages)
        {
            print(
                name.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(
                        format: " %7.1f  %7.1f  %7.1f", StartupBenchmark.percentile(samples, 0.5),
                        StartupBenchmark.percentile(samples, 0.95), cpu) + "         -")
        }
        print("load average: \(SearchBenchmark.loadAverage())")
    }

    /// User and system CPU time a process has used so far (`/proc/<pid>/stat`, in clock ticks).
    static func cpuMilliseconds(of pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return 0 }
        // After the command name: state is field 3, utime 14 and stime 15.
        let fields = text[text.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Copies the generated archive into an empty loopback PostgreSQL database (`icebox migrate`'s copy);
    /// a database that already holds statuses is used as it is.
    static func fill(_ store: String, from database: URL) async throws {
        let logger = Logger(label: "bench")
        let sqlite = try ArchiveDatabase(path: database, logger: logger)
        try await BenchmarkPostgres.filled(store, from: sqlite, logger: logger).close()
    }

    /// Starts `icebox serve` on a free port (on `store` when given) and waits for the line that names it
    /// and the owner's token.
    static func serve(_ icebox: URL, home: URL, store: String? = nil) async throws -> (Process, Int, String) {
        let process = Process()
        process.executableURL = icebox
        process.arguments =
            ["serve", "--home", home.path, "--listen", "127.0.0.1:0"] + (store.map { ["--store", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let match = text.firstMatch(of: #/127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)/#), let port = Int(match.1) {
                return (process, port, String(match.2))
            }
        }
        throw ValidationError("icebox serve did not start: \(text)")
    }

    /// One GET: its body, and how long it took (ms) with its status.
    static func get(_ url: String, json: Bool, cookie: String) async throws -> (data: Data, timing: (Double, Int)) {
        guard let address = URL(string: url) else { throw ValidationError("bad URL \(url)") }
        var request = URLRequest(url: address)
        request.setValue(cookie, forHTTPHeaderField: "Cookie")
        if json { request.setValue("application/json", forHTTPHeaderField: "Accept") }
        let clock = ContinuousClock()
        let started = clock.now
        let (data, response) = try await URLSession.shared.data(for: request)
        let elapsed = clock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (data, (milliseconds, (response as? HTTPURLResponse)?.statusCode ?? 0))
    }
}
