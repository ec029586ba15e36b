import ArgumentParser
import Foundation
import MastodonTestServer

extension TestServerConfig {
    /// A loopback server with `statuses` statuses, all on alice's home, and a rate limit no benchmark
    /// reaches: what the sync-based benchmarks archive.
    static func homeBenchmark(statuses: Int) -> TestServerConfig {
        var config = TestServerConfig()
        config.statusCount = statuses
        config.homeShare = 1
        config.rateLimit = RateLimit(limit: 10_000_000, window: 300)
        return config
    }
}

extension Measured {
    /// Adds alice's account on `server` (its token is `test-token`) and pins her home, in the archive
    /// `arguments` name (`--home`, and `--store` for another store).
    static func pinHome(_ binary: URL, on server: URL, _ arguments: [String]) async throws {
        _ = try await run(
            binary, ["account", "add", server.absoluteString, "--token-stdin"] + arguments, stdin: "test-token\n")
        _ = try await run(binary, ["timeline", "add", "home"] + arguments)
    }

    /// Syncs every page of `server` once into a throwaway SQLite archive, so that the test server has
    /// rendered and cached them before a measured sync: what is measured is then Icebox's work, not the
    /// harness's first render of each page (the test server runs in the benchmark's process, on the same
    /// cores as the sync it serves).
    static func warmRenderCache(_ binary: URL, on server: URL) async throws {
        let warm = FileManager.default.temporaryDirectory.appending(path: "icebox-bench-warm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: warm) }
        try await pinHome(binary, on: server, ["--home", warm.path])
        try await run(binary, ["sync", "--quiet", "--no-media", "--backfill-pages", "1000000", "--home", warm.path])
            .succeeded("the warm-up sync")
    }

    /// This run, or a stop naming `what` failed when it did not exit 0.
    @discardableResult
    func succeeded(_ what: String) throws -> Measured {
        guard status == 0 else { throw ValidationError("\(what) failed with status \(status)") }
        return self
    }
}
