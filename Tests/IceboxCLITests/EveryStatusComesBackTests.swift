import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Everything kept comes back out (issue 28): every status shape in `Fixtures/` (the real payloads and the
/// derived shapes beside them) that archives also shows, exports as a thread and opens in the REPL.
@Suite(.serialized) struct EveryStatusComesBackTests {
    /// The real fixtures and the derived ones, in one folder for the test server's `tag/fixtures`.
    static func allFixtures() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("icebox-every-fixture")
        let manager = FileManager.default
        for source in [Repository.fixtures, Repository.fixtures.appending(path: "derived")] {
            for name in try manager.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".json") {
                try manager.copyItem(at: source.appending(path: name), to: folder.url.appending(path: name))
            }
        }
        return folder
    }

    @Test func everyArchivedStatusShowsExportsAndOpensInTheREPL() async throws {
        let fixtures = try Self.allFixtures()
        var config = TestServerConfig()
        config.statusCount = 10
        config.fixturesDirectory = fixtures.url
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        #expect(try await cli.run("timeline", "add", "tag:fixtures@\(server.baseURL.absoluteString)").status == 0)
        // The real fixtures reference media on real servers: never fetched from a test.
        #expect(try await cli.run("sync", "--quiet", "--no-media").status == 0)
        // Every row the archive holds (numbered from 1 in the order stored), not only what a query finds.
        let stats = try await cli.run("stats", "--json")
        let total = try #require(
            (try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])?["statuses"] as? Int)
        let numbers = Array(1...total)
        #expect(total >= 25, "\(stats.stdout)")
        let found = try await cli.run("search", "--json", "--all", "\"without a uri\"")
        let hits = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(
            hits.contains { ($0["uri"] as? String)?.hasPrefix("urn:icebox:status:") == true },
            "the status with neither uri nor url is archived and found: \(found.stdout)")
        let out = try TemporaryDirectory("icebox-every-export")
        for number in numbers {
            let shown = try await cli.run("show", String(number))
            #expect(shown.status == 0 && !shown.stdout.isEmpty, "show \(number): \(shown.stderr)")
            let tarball = out.url.appending(path: "\(number).tar.gz")
            let exported = try await cli.run("export", "thread", String(number), "-o", tarball.path)
            #expect(exported.status == 0, "export thread \(number): \(exported.stderr)")
            #expect(FileManager.default.fileExists(atPath: tarball.path))
        }
        let script = numbers.map { "open #\($0)" }.joined(separator: "\n") + "\nquit\n"
        let repl = try await cli.run("repl", stdin: script)
        #expect(repl.status == 0, "\(repl.stderr)")
        #expect(!repl.stdout.contains("cannot be read") && !repl.stderr.contains("cannot be read"), "\(repl.stderr)")
        #expect(repl.stdout.components(separatedBy: "\n[").count > numbers.count / 2, "each status opened")
    }
}
