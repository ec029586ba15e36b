import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// The REPL as a place to stay, at a real terminal: Ctrl-C cancels and keeps where you were, long lists
/// page with `more`, and output folds to the terminal's width between words, keeping a thread's shape.
@Suite(.serialized) struct REPLTerminalTests {
    static let word = "zorblax"

    /// An archive of alice's home: 526 posts with ``word``, and a 15-deep back-and-forth of long posts.
    final class Synced: Sendable {
        static let shared = Task { try await Synced() }
        let server: TestServer
        let cli: CLI
        /// The chain's server ids, root first.
        let chain: [String]

        init() async throws {
            var config = TestServerConfig()
            config.statusCount = 5
            config.homeShare = 1
            server = try await TestServer.start(config)
            for number in 1...526 {
                await server.addStatus(username: "alice", text: "\(REPLTerminalTests.word) post \(number)")
            }
            var chain: [String] = []
            for number in 1...15 {
                let author = number % 2 == 1 ? "alice" : "bob"
                let text =
                    "Reply \(number) from \(author), a sentence long enough to need folding on a narrow terminal window"
                chain.append(try #require(await server.addStatus(username: author, text: text, inReplyTo: chain.last)))
            }
            self.chain = chain
            cli = try await CLI.syncingHome(of: server, "--no-media", "--backfill-pages", "100")
        }
    }

    static let environment: [String: String] = ["TERM": "xterm", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    /// The screen as lines, without colour codes and carriage returns.
    static func lines(_ screen: String) -> [String] {
        screen.replacing(#/\x1B\[[0-9;?]*[A-Za-z]/#, with: "").replacingOccurrences(of: "\r", with: "")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func ctrlCKeepsTheSessionMorePagesAndThreadsFoldBetweenWords() async throws {
        let synced = try await Synced.shared.value
        let userHome = try TemporaryDirectory("icebox-user")
        let terminal = try PseudoTerminal(
            CLI.binary, ["repl", "--home", synced.cli.home.path],
            environment: Self.environment.merging(["HOME": userHome.path]) { $1 },
            columns: 60, controlling: true)
        defer { terminal.stop() }
        try await terminal.waitFor("icebox> ")
        terminal.type("search \(Self.word)\r")
        try await terminal.waitFor("icebox search:\(Self.word) (20 of 526)> ")

        // Ctrl-C while typing drops the line and prompts again, where the session was.
        terminal.type("open 3")
        try await terminal.waitFor("open 3")
        terminal.type("\u{03}")
        try await terminal.waitFor("icebox search:\(Self.word) (20 of 526)> ", count: 2)
        terminal.type("more\r")
        try await terminal.waitFor("icebox search:\(Self.word) (40 of 526)> ")
        #expect(
            Self.lines(terminal.screen).contains { $0.hasPrefix("21. ") } && !terminal.screen.contains("Reply 1 from"),
            "the next page, nothing opened")

        // A deep thread at 60 columns: every line fits, words are whole, replies keep their indentation.
        let host = "\(synced.server.baseURL.host ?? ""):\(synced.server.baseURL.port ?? 0)"
        terminal.type("url http://\(host)/@bob/\(try #require(synced.chain.last))\r")
        try await terminal.waitFor("Reply 15 from")
        terminal.type("thread\r")
        try await terminal.waitFor("thread of [")
        try await terminal.waitFor("› status ", count: 2)
        let screen = Self.lines(terminal.screen)
        let start = try #require(screen.lastIndex { $0.hasPrefix("thread of [") })
        let thread = Array(screen[(start + 1)...].prefix { !$0.hasPrefix("icebox ") })
        #expect(thread.count > 30, "15 posts, folded: \(thread)")
        for line in thread { #expect(line.count <= 60, "\(line.debugDescription) fits 60 columns") }
        let words = Set(
            "Reply from alice, bob, a sentence long enough to need folding on a narrow terminal window"
                .split(separator: " ").map(String.init) + (1...15).map { "\($0)" } + [
                    "UTC", "·", "◀", "this", "status",
                ])
        let headPieces = #/^(\[\d+\]|@\w+@icebox\.test|\d{4}-\d{2}-\d{2}|\d{2}:\d{2})$/#
        for line in thread where !(line.trimmingCharacters(in: .whitespaces).first?.isNumber ?? true) {
            for token in line.split(separator: " ").map(String.init) {
                #expect(
                    words.contains(token) || token.wholeMatch(of: headPieces) != nil
                        || (token.hasSuffix("…") && words.contains { $0.hasPrefix(token.dropLast()) }),
                    "\(token) is a whole word (line \(line.debugDescription))")
            }
        }
        // The 15th post (its head folded too) stays indented under its number: every line after it.
        let last = try #require(thread.lastIndex { $0.hasPrefix("15. ") })
        let headIndent = try #require(thread[last].firstIndex(of: "[")).utf16Offset(in: thread[last])
        #expect(headIndent >= 30, "15 levels in: \(thread[last])")
        for line in thread[(last + 1)...] where !line.isEmpty {
            #expect(line.prefix { $0 == " " }.count >= 30, "\(line.debugDescription) keeps the indentation")
        }

        terminal.type("back\r")
        try await terminal.waitFor("icebox search:\(Self.word) (40 of 526)> ")
        // The rest of the 526 matches, page after page, to the end.
        for page in 3...27 {
            terminal.type("more\r")
            try await terminal.waitFor("icebox search:\(Self.word) (\(min(page * 20, 526)) of 526)> ")
        }
        #expect(Self.lines(terminal.screen).contains { $0.hasPrefix("526. ") })
        terminal.type("more\r")
        try await terminal.waitFor("that was the last page (526 in all)")
        terminal.type("quit\r")
        #expect(await terminal.wait() == 0)
    }

    @Test func ctrlCStopsALongListingAndKeepsTheSession() async throws {
        let synced = try await Synced.shared.value
        let userHome = try TemporaryDirectory("icebox-user")
        let terminal = try PseudoTerminal(
            CLI.binary, ["repl", "--page-size", "526", "--home", synced.cli.home.path],
            environment: Self.environment.merging(["HOME": userHome.path]) { $1 },
            columns: 60, controlling: true)
        defer { terminal.stop() }
        try await terminal.waitFor("icebox> ")
        terminal.type("tag nothing\r")  // a failing command first: the session is still at the start
        try await terminal.waitFor("icebox> ", count: 2)
        terminal.type("search \(Self.word)")
        try await terminal.waitFor("search \(Self.word)")
        // A terminal that cannot keep up: the 526 lines wait on it, and Ctrl-C comes mid-listing.
        terminal.pauseReading()
        terminal.type("\r")
        for _ in 0..<600 where terminal.unread < 4000 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(terminal.unread >= 4000, "the listing filled the terminal")
        terminal.type("\u{03}")
        terminal.resumeReading()
        try await terminal.waitFor("interrupted")
        try await terminal.waitFor("icebox search:\(Self.word)> ")
        #expect(!terminal.screen.contains("\n526. "), "the listing stopped")
        terminal.type("path\r")
        try await terminal.waitFor("icebox search:\(Self.word)> ", count: 2)
        terminal.type("\u{04}")
        #expect(await terminal.wait() == 0, "the REPL was still running; Ctrl-D ends it")
    }

    /// A Ctrl-C while a command runs belongs to that command: it stops it or comes too late, and the
    /// next line typed runs (issue 28: a Ctrl-C near a command's end was kept, and dropped the next line).
    @Test func theLineAfterACtrlCDuringACommandRuns() async throws {
        let synced = try await Synced.shared.value
        let userHome = try TemporaryDirectory("icebox-user")
        let out = try TemporaryDirectory("icebox-repl-interrupted-export")
        let terminal = try PseudoTerminal(
            CLI.binary, ["repl", "--home", synced.cli.home.path],
            environment: Self.environment.merging(["HOME": userHome.path]) { $1 },
            columns: 100, controlling: true)
        defer { terminal.stop() }
        try await terminal.waitFor("icebox> ")
        terminal.type("search \(Self.word)\r")
        try await terminal.waitFor("icebox search:\(Self.word) (20 of 526)> ")
        // Ctrl-C at every moment of an export of 20 statuses (it prints only a note): early, midway, as it
        // ends, after it.
        let prompt = "icebox search:\(Self.word) (20 of 526)> "
        let ran = { Self.lines(terminal.screen).filter { $0 == "search:\(Self.word)" }.count }
        for round in 1...10 {
            let shown = terminal.screen.components(separatedBy: prompt).count - 1
            terminal.type("export \(out.url.appending(path: "round\(round).tar.gz").path)\r")
            try await Task.sleep(for: .milliseconds(15 * round))
            terminal.type("\u{03}")
            // The prompt again, once the export stopped or ended. A Ctrl-C that came after the end meets
            // the prompt and shows one more: how many prompts a round shows depends on when the Ctrl-C
            // came, so only the first is waited for, and then what `path` prints.
            try await terminal.waitFor(prompt, count: shown + 1)
            terminal.type("path\r")
            try? await waitUntil(seconds: 30) { ran() >= round }
            #expect(ran() == round, "path ran after Ctrl-C number \(round): \(terminal.screen.suffix(600))")
        }
        terminal.type("quit\r")
        #expect(await terminal.wait() == 0)
    }
}
