import ArgumentParser
import Foundation
import Logging
import Models

#if canImport(Glibc)
    import Glibc
#endif

/// One-shot `icebox search <rare word>` as a shell user runs it, beside the `sqlite3` command-line tool
/// running the same FTS5 MATCH on the same file, in the same run, runs interleaved so both see the same
/// load. Most of a one-shot search is process start-up, which the in-process search benchmark cannot see.
struct StartupBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup", abstract: "One-shot `icebox search` (median/p95) beside the sqlite3 CLI's MATCH.")

    @Option(help: "Statuses in the generated archive.") var statuses = 100_000
    @Option(help: "The archive folder (generated when it holds no archive.sqlite; reused when it does).")
    var home: String?
    @Option(help: "Runs of each command.") var runs = 30
    @Option(help: "The rare word searched.") var word = "word3977"
    @Option(help: "The sqlite3 command-line tool.") var sqlite3 = "/usr/bin/sqlite3"
    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        let folder = try await SyntheticArchive.preparedHome(
            home, statuses: statuses, name: "icebox-startup-bench", logger: Logger(label: "bench"))
        let database = folder.appending(path: "archive.sqlite")
        // The same work on both sides: the newest 20 matches, with their text.
        let sql =
            "SELECT s.uri, s.text FROM statuses_fts f JOIN statuses s ON s.sort_key = f.rowid "
            + "WHERE statuses_fts MATCH '\"\(word)\"' ORDER BY f.rowid DESC LIMIT 20"
        let sides: [(name: String, executable: URL, arguments: [String])] = [
            ("icebox search", icebox.url, ["search", word, "--limit", "20", "--home", folder.path]),
            ("sqlite3 MATCH", URL(fileURLWithPath: sqlite3), ["-readonly", database.path, sql]),
            ("icebox --version", icebox.url, ["--version"]),
            ("/bin/true", URL(fileURLWithPath: "/bin/true"), []),
        ]
        for side in sides {
            let first = try Self.time(side.executable, side.arguments)
            guard first.status == 0 else { throw ValidationError("\(side.name) exited \(first.status)") }
        }
        print("load average before: \(SearchBenchmark.loadAverage())")
        var samples = Array(repeating: [Double](), count: sides.count)
        var cpu = Array(repeating: [Double](), count: sides.count)
        for _ in 0..<runs {
            for (index, side) in sides.enumerated() {
                let run = try Self.time(side.executable, side.arguments)
                samples[index].append(run.milliseconds)
                cpu[index].append(run.cpuMilliseconds)
            }
        }
        print("load average after: \(SearchBenchmark.loadAverage())")
        // CPU time (user + system) does not count the waits for a core that a loaded machine adds to wall time.
        print("command              median ms   p95 ms   median CPU ms")
        for (index, side) in sides.enumerated() {
            print(
                side.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(
                        format: " %9.2f %8.2f %15.2f", Self.median(samples[index]),
                        Self.percentile(samples[index], 0.95),
                        Self.median(cpu[index])))
        }
        print(
            String(
                format:
                    "icebox search / sqlite3: %.1f× (median), %.1f× (p95), %.1f× (median CPU); goal: within 2× (issue 30)",
                Self.median(samples[0]) / Self.median(samples[1]),
                Self.percentile(samples[0], 0.95) / Self.percentile(samples[1], 0.95),
                Self.median(cpu[0]) / Self.median(cpu[1])))
    }

    /// Wall time and CPU time (the child's user + system, from `RUSAGE_CHILDREN`) of one run, output discarded.
    static func time(_ executable: URL, _ arguments: [String]) throws
        -> (status: Int32, milliseconds: Double, cpuMilliseconds: Double)
    {
        let before = childrenCPU()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let clock = ContinuousClock()
        let started = clock.now
        try process.run()
        process.waitUntilExit()
        let wall = (clock.now - started).seconds * 1000
        return (process.terminationStatus, wall, childrenCPU() - before)
    }

    /// CPU milliseconds of all reaped children so far.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}
