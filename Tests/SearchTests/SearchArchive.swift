import Archive
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Models
import SearchQuery

/// An archive built by a real sync from the test server, with a few statuses given known text, and
/// an oracle computed from the archived JSON to check search results against.
/// Immutable once built, so shared across tests (the JSON dictionaries make it unchecked).
final class SearchArchive: @unchecked Sendable {
    static let shared = Task { try await SearchArchive() }

    let server: TestServer
    let home: TemporaryDirectory
    let archive: ArchiveDatabase
    /// Archive key → the status JSON (posts only, boosts resolved to nothing).
    let posts: [String: [String: Any]]
    /// Archive keys of statuses reached through a boost.
    let boosted: Set<String>
    /// Which planted text went to which archive key.
    let planted: [String: String]

    static let texts = [
        "cafe": "<p>Un CAFÉ crème à la gare, puis la tour Eiffel</p>",
        "tokyo": "<p>今日は東京タワーに行きました</p>",
        "thai": "<p>ไปเที่ยวกรุงเทพกับเพื่อน</p>",
        "curly": "<p>She said “don’t panic” and left</p>",
        "order": "<p>Eiffel tour guides, not the tour Eiffel</p>",
    ]

    init() async throws {
        var config = TestServerConfig()
        config.statusCount = 300
        config.fixturesDirectory = Repository.fixtures
        server = try await TestServer.start(config)
        home = try TemporaryDirectory("icebox-search")
        let logger = Logger(label: "search-test")
        // Plant known text in statuses of the local timeline (not boosts).
        let local = await server.timelineIDs(.local)
        var planted: [String: String] = [:]
        for (offset, (name, html)) in Self.texts.sorted(by: { $0.key < $1.key }).enumerated() {
            let id = local[offset * 7 + 3]
            _ = await server.editStatus(id: id, content: html)
            planted[name] = id
        }
        archive = try await AliceArchive.sync(from: server, into: home.url, logger: logger)
        // The oracle: every archived row's JSON.
        var posts: [String: [String: Any]] = [:]
        var boosted = Set<String>()
        for uri in try await archive.allStatusURIs() {
            guard let raw = try await archive.rawJSON(uri: uri),
                  let object = try JSONSerialization.jsonObject(with: raw) as? [String: Any] else { continue }
            if let inner = object["reblog"] as? [String: Any], let innerURI = inner["uri"] as? String {
                boosted.insert(innerURI)
            } else {
                posts[uri] = object
            }
        }
        self.posts = posts
        self.boosted = boosted
        var byName: [String: String] = [:]
        for (name, id) in planted {
            let (data, _) = try await URLSession.shared.data(from: server.url("/api/v1/statuses/\(id)"))
            byName[name] = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["uri"] as? String
        }
        self.planted = byName
    }

    /// The uris a query finds (all of them).
    func find(_ text: String) async throws -> Set<String> {
        Set(try await archive.search(try SearchQuery(parsing: text), limit: 100_000).map(\.uri))
    }

    /// The uris of archived posts for which `predicate` holds on their JSON.
    func expected(_ predicate: ([String: Any]) -> Bool) -> Set<String> {
        Set(posts.filter { predicate($0.value) }.keys)
    }

    func uri(_ name: String) -> String? { planted[name] }

    /// All the text of a status the index covers, as plain text.
    static func searchableText(_ status: [String: Any]) -> String {
        let media = (status["media_attachments"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
        let poll = ((status["poll"] as? [String: Any])?["options"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        let card = status["card"] as? [String: Any]
        let account = status["account"] as? [String: Any]
        return ([StatusHTML.indexText(status["content"] as? String ?? ""), status["spoiler_text"] as? String ?? "",
                 card?["title"] as? String ?? "", card?["description"] as? String ?? "",
                 account?["display_name"] as? String ?? ""] + media + poll).joined(separator: "\n")
    }

    /// Posts whose searchable text contains `needle`, ignoring case and accents.
    func containing(_ needle: String) -> Set<String> {
        expected { Self.searchableText($0).range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
