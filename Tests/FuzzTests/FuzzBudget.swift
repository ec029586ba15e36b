import Foundation

/// How many cases each property tries: a few hundred by default (seconds, in CI), more with
/// `ICEBOX_FUZZ_COUNT` for a long run (see the README's "Fuzzing").
enum FuzzBudget {
    static var count: Int {
        ProcessInfo.processInfo.environment["ICEBOX_FUZZ_COUNT"].flatMap(Int.init).map { max($0, 1) } ?? 300
    }

    /// The repository's `Fixtures/` folder: real server answers to mutate.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures")
}
