import Foundation
import IceboxTestSupport
import Testing

/// One consent rule for every view (m3 of NEWUSER-2026-11-29): a timeline's and an author's page show
/// what `icebox search` finds, their totals are its counts, they say what consent hid, and `all=1`
/// shows everyone's posts as `--all` does.
@Suite(.serialized) struct ServeConsentTests {
    static func count(_ archive: ServedArchive, _ query: String, all: Bool = false) async throws -> Int {
        let result =
            all
            ? try await archive.icebox("search", "--count", "--all", query)
            : try await archive.icebox("search", "--count", query)
        return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(query)")
    }

    @Test(arguments: ServedStore.allCases) func timelineAndAuthorPagesCountAsSearchDoes(_ kind: ServedStore)
        async throws
    {
        guard let archive = try await kind.archive() else { return }
        // An author some of whose posts consent hides.
        let everyone = try await archive.icebox("search", "--all", "--json", "--limit", "100000", "-from:nobody")
        let shown = try await archive.icebox("search", "--json", "--limit", "100000", "-from:nobody")
        func records(_ text: String) throws -> [[String: Any]] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        }
        let shownURIs = Set(try records(shown.stdout).compactMap { $0["uri"] as? String })
        let hiddenRecord = try records(everyone.stdout).first { !shownURIs.contains($0["uri"] as? String ?? "") }
        let author = try #require(hiddenRecord?["acct"] as? String, "the fixtures hold a hidden post")
        let pages = [
            ("/timelines/home", "in:home"), ("/timelines/local", "in:local"), ("/timelines/federated", "in:federated"),
            ("/accounts/\(author)", "from:@\(author)"),
        ]
        try await archive.serving { served in
            for (path, query) in pages {
                let consented = try await Self.count(archive, query)
                let all = try await Self.count(archive, query, all: true)
                guard all > 0 else { continue }
                let page = try await served.get(path)
                #expect(ServeRouteTests.total(in: page.body) == consented, "\(path): \(consented) posts")
                #expect(page.body.contains("<p class=\"hidden-note\">") == (all > consented), "\(path)")
                if all > consented { #expect(page.body.contains("\(all - consented) match"), "\(path)") }
                let allPage = try await served.get(path + "?all=1")
                #expect(ServeRouteTests.total(in: allPage.body) == all, "\(path)?all=1")
                let json = try await served.get(path, json: true)
                #expect(json.body == (try await archive.icebox("search", query, "--json")).stdout, "\(path)")
            }
        }
    }

    /// A hashtag's page, everyone's and one author's, follows the same rule: its total is what `icebox
    /// search '#tag'` counts, it says what consent hid, and `all=1` shows everyone's posts.
    @Test(arguments: ServedStore.allCases) func tagPagesCountAsSearchDoes(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        let tag = ServedArchive.mixedTag
        let everyone = try await archive.icebox("search", "--all", "--json", "#\(tag)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(everyone.stdout.utf8)) as? [[String: Any]])
        let optedOut = try #require(
            records.compactMap { $0["acct"] as? String }.first { $0.hasPrefix("dave@") }, "dave's posts are archived")
        let pages = [("/tags/\(tag)", "#\(tag)"), ("/accounts/\(optedOut)/tags/\(tag)", "#\(tag) from:@\(optedOut)")]
        try await archive.serving { served in
            for (path, query) in pages {
                let consented = try await Self.count(archive, query)
                let all = try await Self.count(archive, query, all: true)
                #expect(all > consented, "\(path): consent hides some of its posts")
                let page = try await served.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(ServeRouteTests.total(in: page.body) == consented, "\(path): \(consented) posts")
                #expect(page.body.contains("<p class=\"hidden-note\">"), "\(path)")
                #expect(page.body.contains("\(all - consented) match"), "\(path)")
                let allPage = try await served.get(path + "?all=1")
                #expect(ServeRouteTests.total(in: allPage.body) == all, "\(path)?all=1")
                let json = try await served.get(path, json: true)
                #expect(json.body == (try await archive.icebox("search", query, "--json")).stdout, "\(path)")
            }
        }
    }
}
