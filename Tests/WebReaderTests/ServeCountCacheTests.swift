import Foundation
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A page's total is kept while the archive stays as it was, and counted again once it changes: here
/// the archive's consent setting is turned off under a running `icebox serve` (on a copy of alice's
/// archive, so the other tests' archive stays as it is), and every search's total follows the CLI's.
@Suite(.serialized) struct ServeCountCacheTests {
    @Test func aKeptTotalFollowsTheArchiveWhenItChanges() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let copy = try TemporaryDirectory("icebox-serve-counts")
        let file = copy.url.appending(path: "archive.sqlite").path
        _ = try await archive.query("VACUUM INTO '\(file)'")
        let process = try await ServeProcess.start(["serve", "--listen", "127.0.0.1:0", "--home", copy.path])
        defer { process.running.signal(SIGKILL) }
        // The store gives a change token only for files written more than two seconds ago.
        try await Task.sleep(for: .milliseconds(2500))
        let served = process.served
        func cliCount(_ query: String) async throws -> Int {
            let result = try await ServedArchive.icebox(["search", query, "--count", "--home", copy.path])
            return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
        }
        func pageTotal(_ query: String) async throws -> Int? {
            ServeRouteTests.total(in: try await served.get("/search?q=" + ServeDataTests.encoded(query)).body)
        }
        var changed = false
        var before: [String: Int] = [:]
        for query in ServeDataTests.queries {
            before[query] = try await cliCount(query)
            // Twice: the second total comes from what the first counted.
            #expect(try await pageTotal(query) == before[query], "\(query)")
            #expect(try await pageTotal(query) == before[query], "\(query), asked again")
        }
        let switched = try await ServedArchive.icebox(["config", "search-consent", "off", "--home", copy.path])
        try #require(switched.status == 0, "\(switched.stderr)")
        for wait in [0, 2500] {
            try await Task.sleep(for: .milliseconds(wait))
            for query in ServeDataTests.queries {
                let now = try await cliCount(query)
                if now != before[query] { changed = true }
                #expect(try await pageTotal(query) == now, "\(query) after the change (+\(wait) ms)")
            }
        }
        #expect(changed, "turning consent off shows more posts for some query")
    }
}
