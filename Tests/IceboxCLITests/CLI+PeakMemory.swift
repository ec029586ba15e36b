import Foundation
import IceboxTestSupport
import Testing

extension CLI {
    /// Runs `icebox` on this archive under `/usr/bin/time`; returns the result and the peak resident
    /// memory of the process in MiB.
    func measured(_ arguments: [String]) async throws -> (CommandResult, Double) {
        let scratch = try TemporaryDirectory("icebox-rss")
        let report = scratch.url.appending(path: "rss")
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/time"),
            ["-f", "%M", "-o", report.path, Self.binary.path] + arguments + ["--home", home.path])
        let text = try String(contentsOf: report, encoding: .utf8)
        let kilobytes = try #require(text.split(separator: "\n").last.flatMap { Double($0) }, "\(text)")
        return (result, kilobytes / 1024)
    }
}
