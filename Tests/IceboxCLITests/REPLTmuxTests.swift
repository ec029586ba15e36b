import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// The REPL in a real terminal emulator (tmux), where a pseudo-terminal alone has hidden defects: what
/// a person sees and what runs when they press keys.
@Suite(.serialized) struct REPLTmuxTests {
    /// What `path` says before anything was opened: that it ran.
    static let nowhere = "Nowhere yet: search, tag, account or url to start."

    /// Half a line typed, then Ctrl-C, a command and Enter as fast as tmux sends them (one burst, as a
    /// quick typist does): the half line is dropped, the command runs at once on a fresh prompt, and only
    /// what ran is remembered. The same at an empty prompt, and a line of Japanese typed and edited
    /// (issue 42, third report: `search half typpath` ran nothing and was kept in the history).
    @Test func ctrlCDropsTheLineAndTheKeysTypedAfterItRun() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        await server.addStatus(username: "alice", text: "今日は東京都にいます")
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let userHome = try TemporaryDirectory("icebox-user")
        let terminal = try TmuxTerminal(
            CLI.binary, ["repl", "--home", cli.home.path],
            environment: ["TERM": "screen", "LANG": "C.UTF-8", "HOME": userHome.path, "PATH": "/usr/bin:/bin"])
        defer { terminal.stop() }
        try await terminal.waitFor("icebox> ")

        try terminal.type("search half typ")
        try await terminal.waitFor("icebox> search half typ")
        try terminal.press("C-c", "path", "Enter")
        try await terminal.waitFor(Self.nowhere)
        try await terminal.waitFor("icebox> ", count: 3)  // the first, after Ctrl-C, after path
        #expect(!terminal.screen.contains("typpath"), "the half line was dropped:\n\(terminal.screen)")

        // At an empty prompt.
        try terminal.press("C-c", "path", "Enter")
        try await terminal.waitFor(Self.nowhere, count: 2)
        try await terminal.waitFor("icebox> ", count: 5)

        // Japanese, each character one key: the third taken back with one Backspace, then searched for.
        try terminal.type("search 東京都")
        try terminal.press("BSpace", "Enter")
        try await terminal.waitFor("1 match for 東京")
        try await terminal.waitFor("icebox search:東京> ")

        try terminal.type("quit")
        try terminal.press("Enter")
        for _ in 0..<200 where !terminal.ended { try await Task.sleep(for: .milliseconds(50)) }
        #expect(terminal.ended, "quit ran:\n\(terminal.screen)")
        let history = try String(contentsOf: cli.home.url.appending(path: "repl_history"), encoding: .utf8)
        #expect(history == "path\nsearch 東京\nquit\n", "only what ran is remembered")
    }
}
