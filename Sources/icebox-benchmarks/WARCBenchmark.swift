import ArgumentParser
import Foundation
import MastodonTestServer

/// `icebox sync` of the same home with and without `--warc` (issue 32: capture costs at most 25%
/// more sync time), alternating the two so both see the same machine.
struct WARCBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warc", abstract: "Sync time with and without WARC capture (goal: at most 25% more).")

    @Option(help: "Statuses of the home timeline each sync archives.")
    var statuses = 5_000

    @Option(help: "Runs of each kind (the median is reported).")
    var runs = 3

    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        var config = TestServerConfig.homeBenchmark(statuses: statuses)
        config.fixturesDirectory = nil
        try await BinaryBench.run(icebox, serving: config, scratch: "icebox-bench-warc") { bench in
            var plain: [Double] = []
            var captured: [Double] = []
            var warcBytes = 0
            for run in 0..<runs {
                for capture in [false, true] {
                    let home = bench.scratch.appending(path: "\(run)-\(capture)")
                    let arguments = ["--home", home.path]
                    try await bench.pinHome(arguments)
                    let folder = home.appending(path: "warc")
                    let warc = capture ? ["--warc", folder.path] : []
                    let sync = try await bench.measure(
                        ["sync", "--quiet", "--no-media", "--backfill-pages", "1000000"] + warc + arguments)
                    guard sync.status == 0 else { throw ValidationError("sync exited \(sync.status)") }
                    if capture {
                        captured.append(sync.seconds)
                        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                        warcBytes = names.reduce(0) { total, name in
                            let size =
                                try? FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path)[
                                    .size] as? Int
                            return total + (size ?? 0)
                        }
                    } else {
                        plain.append(sync.seconds)
                    }
                }
            }
            await bench.server.stop()
            let median = { (values: [Double]) in values.sorted()[values.count / 2] }
            let (without, with) = (median(plain), median(captured))
            print(
                """
                sync without --warc   \(statuses) statuses in \(String(format: "%.2f", without)) s (median of \(runs))
                sync with --warc      \(statuses) statuses in \(String(format: "%.2f", with)) s, \(warcBytes / 1024) KiB of WARC
                capture costs         \(String(format: "%+.1f", (with / without - 1) * 100))% (goal: at most +25%)
                """)
        }
    }
}
