import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Small things the new-user pass of 2026-11-29 met (issue 42, its polish list), each as met.
@Suite(.serialized) struct PolishTests {
    /// P10: `show` prints a long link as Mastodon displays it, cut short; the whole URL follows it.
    @Test func showGivesTheWholeOfALinkMastodonCutsShort() async throws {
        let server = try await TestServer.startHome(statuses: 60)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let url = "https://blog.example.net/posts/why-sqlite-is-enough"
        let found = try await cli.run("search", "--jsonl", "--all", "--limit", "1", "\"why sqlite is enough\"")
        let line = try #require(found.stdout.split(separator: "\n").first, "\(found.stderr)")
        let hit = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let number = try #require(hit["number"] as? Int)
        let shown = try await cli.run("show", String(number))
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("blog.example.net/posts/why-sql…"), "shown as Mastodon shows it: \(shown.stdout)")
        #expect(shown.stdout.contains("link: \(url)"), "\(shown.stdout)")
    }

    /// P12: `stats --account` without `--timeline` was ignored without a word; `--check` said nothing.
    @Test func statsSaysWhatItsOptionsDid() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let alone = try await cli.run("stats", "--account", "alice@icebox.test")
        #expect(alone.status == 64 && alone.stderr.contains("--timeline"), "\(alone.stderr)")
        let paired = try await cli.run("stats", "--account", "alice", "--timeline", "home")
        #expect(paired.status == 0, "a bare user name names the one account: \(paired.stderr)")
        let checked = try await cli.run("stats", "--check")
        #expect(checked.status == 0 && checked.stderr.contains("sound"), "\(checked.stderr)")
    }
}

extension PolishTests {
    /// P1: an export's name is checked against what is written (a ZIP called `.tar.gz` was written).
    @Test(arguments: [
        ["export", "thread", "1", "-o", "x.rar"],
        ["export", "search", "kite", "--format", "zip", "-o", "y.tar.gz"],
        ["export", "search", "kite", "--format", "tar", "-o", "y.zip"],
        ["export", "account", "-o", "a.tar.gz"],
        ["export", "account", "-o", "a.warc.gz"],
    ])
    func anExportNamedForAnotherFormatIsRefused(_ arguments: [String]) async throws {
        let cli = try CLI()
        let scratch = try TemporaryDirectory("icebox-export-names")
        let named = arguments.map { $0.contains(".") && !$0.hasPrefix("-") ? scratch.path + "/" + $0 : $0 }
        let result = try await cli.run(named)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("-o "), "\(arguments): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "nothing was written")
    }
}

extension PolishTests {
    /// P19: a size without its unit said only "invalid".
    @Test func aSizeWithoutItsUnitIsToldWhichUnits() async throws {
        let cli = try CLI()
        let result = try await cli.run("sync", "--warc-max-size", "10")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("10M") && result.stderr.contains("10B"), "\(result.stderr)")
    }
}

extension PolishTests {
    /// P20: `remote:` and `tag:NAME@SERVER` were pinned without a word whatever the address; a dead port or
    /// a wrong scheme was found only at the first sync. They are tried once now, and pinned all the same.
    @Test func aTimelineReadWithoutAnAccountIsTriedWhenPinned() async throws {
        let refusing = try RefusingPort()
        let cli = try CLI()
        let dead = try await cli.run("timeline", "add", "remote:http://127.0.0.1:\(refusing.port)")
        #expect(dead.status == 0, "\(dead.stderr)")
        #expect(
            dead.stderr.contains("could not be read now") && dead.stderr.contains("connection refused"),
            "\(dead.stderr)")
        #expect(dead.stderr.contains("pinned all the same"), "\(dead.stderr)")

        var config = TestServerConfig()
        config.statusCount = 3
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let live = try await cli.run("timeline", "add", "tag:kites@\(server.baseURL.absoluteString)")
        #expect(live.status == 0 && !live.stderr.contains("warning"), "\(live.stderr)")
        #expect(try await cli.run("timeline", "list").stdout.contains("tag:kites@"))
    }
}
