import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import SearchQuery
import Testing

/// Every status of every real fixture, served together on one timeline, is archived byte for byte,
/// found by a word of its own, and shown.
@Suite struct RealFixtureSearchTests {
    /// The words of a status's HTML as a reader sees them (tags dropped, a few entities decoded), in an
    /// independent way from Icebox's own converter.
    static func words(ofHTML html: String) -> [String] {
        var text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.components(separatedBy: CharacterSet.letters.inverted).filter { $0.count >= 5 }.map {
            $0.lowercased()
        }
    }

    @Test func everyFixtureStatusIsArchivedFoundByItsOwnWordAndShown() async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        config.fixturesDirectory = Repository.fixtures
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let home = try TemporaryDirectory()
        let logger = Logger(label: "fixtures")
        let archive = try ArchiveDatabase(path: home.url.appending(path: "archive.sqlite"), logger: logger)
        let pinning = try TimelinePinning(
            specText: "tag:fixtures@\(server.baseURL.absoluteString)", account: nil, accounts: [])
        let timeline = try await archive.addTimeline(spec: pinning.spec, accountID: nil, server: pinning.server)
        var options = SyncOptions()
        options.timeout = 20
        let reports = try await Synchronizer(
            archive: archive, credentials: Credentials(), options: options, logger: logger
        ).run()
        #expect(reports.first?.outcome == .ok && reports.first?.unreadable == 0, "\(reports)")

        // What the server serves, read with JSONSerialization: each post (boosted ones included) by uri.
        let served = try await ServedTimeline.statuses(baseURL: server.baseURL, path: "/api/v1/timelines/tag/fixtures")
        #expect(served.count >= 20)
        let posts = served.filter { ($0.object["reblog"] as? [String: Any]) == nil }
        let wordsByURI = Dictionary(
            posts.map { ($0.uri, Set(Self.words(ofHTML: $0.object["content"] as? String ?? ""))) },
            uniquingKeysWith: { $0.union($1) })
        var searched = 0
        var optedOut = 0
        for post in posts {
            // Archived byte for byte.
            #expect(try await archive.rawJSON(uri: post.uri) == post.raw, "\(post.uri)")
            // Found by a word no other fixture has.
            let others = wordsByURI.filter { $0.key != post.uri }.values.reduce(into: Set<String>()) {
                $0.formUnion($1)
            }
            if let word = wordsByURI[post.uri]?.subtracting(others).sorted().first {
                let query = try SearchQuery(parsing: word)
                let found = try await archive.search(query, limit: 50, consent: .off).map(\.uri)
                #expect(found.contains(post.uri), "\(word) → \(post.uri)")
                // By default an author who opted out of search is not found (nobody is logged in here, so
                // no post is the user's own, bookmarked or favourited): read from the served JSON.
                let byDefault = try await archive.search(query, limit: 50).map(\.uri)
                #expect(byDefault.contains(post.uri) == !Self.optedOut(post.object), "\(word) → \(post.uri), consent")
                #expect(try await archive.count(query) == byDefault.count)
                optedOut += Self.optedOut(post.object) ? 1 : 0
                searched += 1
            }
            // Shown: the archived status reads back as the post.
            let number = try #require(try await archive.findStatus(post.uri))
            let shown = try await archive.status(number: number)
            #expect(try JSONDecoder().decode(Status.self, from: shown.raw).content == post.object["content"] as? String)
        }
        #expect(searched >= posts.count - 3, "almost every fixture has a word of its own")
        #expect(optedOut > 0, "the real fixtures include authors who opted out of search")
        #expect(try await archive.timeline(id: timeline.id).backfillComplete)
    }

    /// Whether a status's author opted out of search, read from its JSON: `indexable: false`,
    /// `noindex: true`, or #nobot / #nosearch in the bio.
    static func optedOut(_ status: [String: Any]) -> Bool {
        guard let account = status["account"] as? [String: Any] else { return false }
        let bio = (account["note"] as? String ?? "").lowercased()
        return account["indexable"] as? Bool == false || account["noindex"] as? Bool == true
            || ["nobot", "nosearch"].contains { bio.contains("#\($0)") || bio.contains("#<span>\($0)</span>") }
    }
}
