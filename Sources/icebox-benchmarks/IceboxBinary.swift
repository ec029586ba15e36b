import ArgumentParser
import Foundation

/// `--icebox PATH`: the binary a benchmark measures, by default the one built beside the benchmark.
struct IceboxBinary: ParsableArguments {
    @Option(
        name: .customLong("icebox"),
        help: "The icebox binary to measure (default: the one built beside this benchmark).")
    var path: String?

    var url: URL {
        path.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "icebox")
    }
}
