import Foundation
import HTTPTypes
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a reader of the pages, or a script, is promised beyond the pages themselves: a timeline's total
/// exact under `--count-limit` and an exact count kept for paging; JSON answers carrying the total and
/// the next page's link; a bad search kept in the search box; `/metrics` in one order.
@Suite(.serialized) struct ServePagingTests {
    @Test func totalsStayExactWhereTheReadmeSaysUnderACountLimit() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        // A copy no other test writes to: a count is kept only while the store has not changed.
        let copy = try TemporaryDirectory("icebox-serve-paging")
        _ = try await archive.query("VACUUM INTO '\(copy.url.appending(path: "archive.sqlite").path)'")
        let process = try await ServeProcess.start(
            ["serve", "--listen", "127.0.0.1:0", "--count-limit", "3", "--home", copy.path])
        defer { process.running.signal(SIGKILL) }
        // The store gives a change token (what keeps a count) only for files written over two seconds ago.
        try await Task.sleep(for: .milliseconds(2500))
        func cliCount(_ words: String...) async throws -> Int {
            let result = try await ServedArchive.icebox(["search"] + words + ["--count", "--home", copy.path])
            return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
        }
        let served = process.served
        let home = try await cliCount("in:home", "--all")
        #expect(home > 3)
        // Exact at any size when consent hides none of its posts (README), as with all=1 here: this archive
        // has authors who opted out, so the page under consent counts up to the limit like a search.
        #expect(
            ServeRouteTests.total(in: try await served.get("/timelines/home?all=1").body) == home,
            "a timeline: exact")
        let query = "/search?q=" + ServeDataTests.encoded("-is:reply")
        let shown = try await cliCount("-is:reply")
        #expect(try await served.get(query).body.contains("more than 3 posts"))
        #expect(ServeRouteTests.total(in: try await served.get(query + "&count=all").body) == shown)
        let second = try await served.get(query + "&page=2").body
        #expect(ServeRouteTests.total(in: second) == shown, "the exact count kept for the next page")
        #expect(!second.contains("count them all"))
    }

    @Test func jsonAnswersCarryTheTotalAndTheNextPage() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let link = try #require(HTTPField.Name("Link"))
            let total = try #require(HTTPField.Name("X-Total-Count"))
            // The page follows the consent policy (dave, who opted out, is in alice's home), as its total does.
            let home = try await ServeCountLimitTests.cliCount(archive, "in:home")
            let first = try await served.get("/timelines/home", json: true)
            #expect(first.headers[total] == String(home))
            #expect(first.headers[link] == "</timelines/home?page=2>; rel=\"next\"")
            let last = try await served.get("/timelines/home?page=\((home + 19) / 20)", json: true)
            #expect(last.headers[link]?.contains("rel=\"next\"") == false, "no next page after the last")
            #expect(last.headers[link]?.contains("rel=\"prev\"") == true)
            let search = try await served.get("/search?q=hostile", json: true)
            #expect(search.headers[total] == String(try await ServeCountLimitTests.cliCount(archive, "hostile")))
            #expect(search.body.hasPrefix("["), "the body stays the CLI's records")
        }
    }

    @Test func aBadSearchKeepsItsWordsInTheBox() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let answer = try await served.get("/search?q=has%3Abanana%20zebra")
            #expect(answer.status == .badRequest)
            #expect(answer.body.contains("name=\"q\" value=\"has:banana zebra\""), "the box keeps the query")
        }
    }

    @Test func metricsComeInOneOrder() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            var scrapes: [String] = []
            for _ in 0..<4 { scrapes.append(try await served.get("/metrics").body) }
            // The series (name and labels) in order; their values may move between scrapes (a background
            // count ending, the load of a busy machine), their order may not.
            let orders = scrapes.map { scrape in
                scrape.split(separator: "\n").map { line in line.hasPrefix("#") ? line : line.prefix { $0 != " " } }
            }
            #expect(Set(orders.map { $0.joined(separator: "\n") }).count == 1, "every scrape in the same order")
            let families = scrapes[0].split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map {
                $0.split(separator: " ")[2]
            }
            #expect(families == families.sorted(), "families by name")
            let timelines = scrapes[0].split(separator: "\n").filter { $0.hasPrefix("icebox_timeline_statuses{") }
            #expect(timelines.count > 1 && timelines == timelines.sorted(), "series by label")
        }
    }
}
