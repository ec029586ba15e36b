import Foundation
import HTTPTypes
import IceboxTestSupport
import Router
import Testing

/// Every route of `icebox serve` on a real process, with the headers every page must carry.
@Suite(.serialized) struct ServeRouteTests {
    @Test(arguments: ServedStore.allCases) func everyRouteAnswersAPageWithItsHeaders(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving { served in
            let number = try #require(try await archive.hostileNumber())
            let author = try #require(try await archive.archive.posts(numbered: [number]).first?.acct)
            let paths = [
                "/", "/stats", "/search", "/search?q=hostile", "/statuses/\(number)",
                RouterDestination.accountDetail(id: author).path, "/tags/hostile", "/timelines/home",
                "/timelines/local",
            ]
            for path in paths {
                let (status, headers, body) = try await served.get(path)
                #expect(status == .ok, "\(path): \(status)")
                #expect(headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                let policy = try #require(headers[.contentSecurityPolicy], "\(path)")
                #expect(policy.hasPrefix("default-src 'none'"), "\(path)")
                #expect(!policy.contains("unsafe-inline") && !policy.contains("script-src"), "\(path)")
                #expect(headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(body.contains("<base href=\"/\">") && body.contains("</html>"), "\(path)")
                #expect(!body.lowercased().contains("<script"), "\(path): no script")
                for source in body.matches(of: #/ (?:src|poster)="([^"]*)"/#).map({ String($0.1) }) {
                    #expect(source.hasPrefix("media/"), "\(path): \(source) loads from this server only")
                }
            }
            let missing = try await served.get("/statuses/999999999")
            #expect(missing.status == .notFound)
            let list = try await served.get("/lists/42")
            #expect(list.status == .notFound && list.body.contains("has no archived posts"), "an unarchived list")
            let unknown = try await served.get("/nowhere")
            #expect(unknown.status == .notFound)
            let badQuery = try await served.get("/search?q=%22unclosed")
            #expect(badQuery.status == .ok || badQuery.status == .badRequest)
        }
    }

    @Test(arguments: ServedStore.allCases) func aTimelinePagesThroughAllItsPosts(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving { served in
            let first = try await served.get("/timelines/home")
            let total = try #require(Self.total(in: first.body))
            #expect(total > 20, "alice's home holds more than a page")
            #expect(first.body.contains("rel=\"next\"") && !first.body.contains("rel=\"prev\""))
            var seen: [String] = []
            for page in 1...((total + 19) / 20) {
                let json = try await served.get("/timelines/home?page=\(page)", json: true)
                let records = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.body.utf8)) as? [[String: Any]])
                #expect(records.count == min(20, total - (page - 1) * 20), "page \(page)")
                seen += records.compactMap { $0["uri"] as? String }
            }
            #expect(seen.count == total && Set(seen).count == total, "every post once, on one page")
            let second = try await served.get("/timelines/home?page=2")
            #expect(second.body.contains("rel=\"prev\""))
            #expect(second.body.contains("21–40 shown") || total <= 40)
            // The CLI's records for the same page: `search in:home` (one consent rule for every view).
            let cli = try await archive.icebox("search", "in:home", "--json", "--offset", "20")
            #expect((try await served.get("/timelines/home?page=2", json: true)).body == cli.stdout)
        }
    }

    /// The total on a listing's page: "208 posts".
    static func total(in page: String) -> Int? {
        page.firstMatch(of: #/class="summary">(\d+) posts?/#).flatMap { Int($0.1) }
    }
}
