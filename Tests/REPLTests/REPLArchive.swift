import Archive
import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import REPL

/// An archive built by a real sync from the test server (home, local, federated and the fixtures),
/// with an oracle read straight from the archived JSON. Immutable once built, so shared by the tests
/// (the JSON dictionaries make it unchecked).
final class REPLArchive: @unchecked Sendable {
    static let shared = Task { try await REPLArchive() }

    let server: TestServer
    let home: TemporaryDirectory
    let archive: ArchiveDatabase
    let logger = Logger(label: "repl-test")
    /// Archive number → the JSON of each post (boosts left out).
    let posts: [Int64: [String: Any]]

    init() async throws {
        var config = TestServerConfig()
        config.statusCount = 250
        config.fixturesDirectory = Repository.fixtures
        server = try await TestServer.start(config)
        home = try TemporaryDirectory("icebox-repl")
        archive = try await AliceArchive.sync(from: server, into: home.url, logger: logger)
        var posts: [Int64: [String: Any]] = [:]
        for uri in try await archive.allStatusURIs() {
            guard let raw = try await archive.rawJSON(uri: uri),
                let object = try JSONSerialization.jsonObject(with: raw) as? [String: Any],
                object["reblog"] as? [String: Any] == nil,
                let number = try await archive.findStatus(uri)
            else { continue }
            posts[number] = object
        }
        self.posts = posts
    }

    /// A new session on the archive, listing everything (no page limit gets in a test's way).
    func session(colour: Bool = false) -> REPLSession {
        REPLSession(
            archive: archive,
            exporter: Exporter(
                archive: archive, home: IceboxHome(directory: home.url), version: "test",
                logger: logger),
            logger: logger, colour: colour, pageSize: 100_000)
    }

    /// The numbers of the posts whose JSON satisfies `predicate`.
    func numbers(where predicate: ([String: Any]) -> Bool) -> Set<Int64> {
        Set(posts.filter { predicate($0.value) }.keys)
    }

    /// A post's author's profile URL, which names the account on every server alike.
    func authorURL(_ number: Int64) -> String? {
        (posts[number]?["account"] as? [String: Any])?["url"] as? String
    }

    /// A post's hashtags, lower-case.
    func tags(_ number: Int64) -> [String] {
        (posts[number]?["tags"] as? [[String: Any]] ?? []).compactMap { ($0["name"] as? String)?.lowercased() }
    }

    /// The conversations in the archive, from the JSON's `in_reply_to_id`: each post's archived parent.
    func parents() -> [Int64: Int64] {
        var byID: [String: Int64] = [:]
        for (number, post) in posts { if let id = post["id"] as? String { byID[id] = number } }
        var parents: [Int64: Int64] = [:]
        for (number, post) in posts {
            if let parentID = post["in_reply_to_id"] as? String, let parent = byID[parentID], parent != number {
                parents[number] = parent
            }
        }
        return parents
    }
}
