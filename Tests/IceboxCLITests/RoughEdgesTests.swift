import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing

/// The rough edges a new user met in an afternoon (issue 28), each as that user met it.
@Suite(.serialized) struct RoughEdgesTests {
    @Test func aHashtagIsPinnedOnceWhateverItsCase() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 10)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        let base = server.baseURL.absoluteString
        #expect(try await cli.run("timeline", "add", "tag:Photography@\(base)").status == 0)
        let again = try await cli.run("timeline", "add", "tag:photography@\(base)")
        #expect(again.status != 0 && again.stderr.contains("already pinned"), "\(again.stderr)")
        let listed = try await cli.run("timeline", "list", "--json")
        let timelines = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(timelines.count == 1)
        #expect(try await cli.run("timeline", "remove", "tag:PHOTOGRAPHY@\(base)").status == 0, "found in any case")
    }

    @Test func everySizeOptionTakesAUnitAndRefusesABareNumber() async throws {
        let cli = try CLI()
        let export = try TemporaryDirectory("icebox-empty-export")
        let importing = try await cli.run("import", "mastodon-export", export.path, "--max-media-size", "100M")
        #expect(importing.status != 64, "import takes 100M as sync does: \(importing.stderr)")
        for command in [["sync"], ["import", "mastodon-export", export.path]] {
            let bare = try await cli.run(command + ["--max-media-size", "1024"])
            #expect(bare.status == 64 && bare.stderr.contains("max-media-size"), "\(command): \(bare.stderr)")
        }
    }

    @Test func recheckSaysItPicksPostsByTheirPostingDate() async throws {
        let help = try await CLI().run("sync", "--help")
        #expect(help.stdout.contains("posted in the last DAYS days"), "\(help.stdout)")
        #expect(!help.stdout.contains("archived in the last DAYS days"))
    }

    @Test func removingAnAccountSaysWhichTimelinesItUnpinned() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 10)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        #expect(
            try await cli.run("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await cli.run("timeline", "add", "home").status == 0)
        #expect(try await cli.run("timeline", "add", "bookmarks").status == 0)
        let removed = try await cli.run("account", "remove", "alice@icebox.test")
        #expect(removed.status == 0)
        #expect(removed.stdout.contains("Unpinned its timelines: home, bookmarks"), "\(removed.stdout)")
    }

    @Test func aTokenTypedAtATerminalIsAskedForAndNotShown() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 10)
        defer { Task { await server.stop() } }
        let home = try TemporaryDirectory("icebox-token-tty")
        let terminal = try PseudoTerminal(
            CLI.binary,
            [
                "account", "add", server.baseURL.absoluteString, "--token-stdin",
                "--home", home.path,
            ],
            environment: ["TERM": "xterm", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
        defer { terminal.stop() }
        try await terminal.waitFor("Access token (not shown): ")
        terminal.type("test-token\r")
        try await terminal.waitFor("Added alice@icebox.test")
        #expect(await terminal.wait() == 0)
        #expect(!terminal.screen.contains("test-token"), "\(terminal.screen)")
    }

    @Test func aRedactedPostSaysSoInsteadOfPrintingBlankLines() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 20, homeShare: 1)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let archive = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "t"))
        let host = "\(server.baseURL.host ?? ""):\(server.port)"
        let number = try #require(
            try await archive.recheckCandidates(server: host, since: "2000", after: 0, limit: 1).first
        ).number
        try await archive.markGone(number, reportedBy: host, via: .recheck)
        #expect(try await cli.run("config", "deletions", "redact").status == 0)
        let shown = try await cli.run("show", String(number))
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("[redacted: its text and media were removed"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("\n\n\n"), "no run of blank lines: \(shown.stdout)")
    }
}
