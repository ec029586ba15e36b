import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Testing

/// `icebox repl` as a script and at a terminal, on an archive built by `icebox sync`.
@Suite(.serialized) struct REPLCLITests {
    /// One archive for the suite: alice's home and local timelines and the real fixtures.
    final class Synced: Sendable {
        static let shared = Task { try await Synced() }
        let server: TestServer
        let cli: CLI

        init() async throws {
            server = try await TestServer.startWithFixtures(statuses: 150)
            cli = try CLI()
            let base = server.baseURL.absoluteString
            #expect(try await cli.run("account", "add", base, "--token-stdin", stdin: "test-token\n").status == 0)
            for spec in ["home", "local", "tag:fixtures@\(base)"] {
                #expect(try await cli.run("timeline", "add", spec).status == 0)
            }
            // The real fixtures reference media on real servers: never fetched from a test.
            let sync = try await cli.run("sync", "--quiet", "--no-media")
            #expect(sync.status == 0, "\(sync.stderr)")
        }
    }

    @Test func aScriptedSessionShowsWhatTheArchiveHolds() async throws {
        let cli = try await Synced.shared.value.cli
        let found = try await cli.run("search", "--json", "--limit", "20", "is:reply")
        let hits = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]] ?? []
        let numbers = hits.compactMap { $0["number"] as? Int }
        try #require(numbers.count >= 2)
        let second = numbers[1]
        let shown = try await cli.run("show", String(second)).stdout
        let conversation = try await conversation(around: second, cli)
        try #require(conversation.count >= 2, "the second reply found is part of an archived conversation")
        let handle = try #require(shown.firstMatch(of: #/\(@([^)\s]+)\)/#).map { String($0.1) })
        let authored = try await cli.run("search", "--json", "--limit", "1000", "from:@\(handle)")
        let byAuthor = (try JSONSerialization.jsonObject(with: Data(authored.stdout.utf8)) as? [[String: Any]] ?? [])
            .compactMap { $0["number"] as? Int }

        let out = try TemporaryDirectory("icebox-repl-export")
        let tarball = out.url.appending(path: "thread.tar.gz")
        let script = [
            "search is:reply", "open 2", "thread", "author", "back", "path", "export \(tarball.path)", "serch typo",
            "open 1",
        ]
        let result = try await cli.run("repl", stdin: script.joined(separator: "\n") + "\n")
        #expect(result.status == 1, "a failed command fails the script")
        #expect(result.stderr.contains("line 8: unknown command 'serch'"))
        #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "no colour or terminal codes")
        #expect(!result.stdout.contains("icebox>") && !result.stdout.contains("› status \(second)>"), "no prompt")

        // Every numbered line, screen after screen: the results, the thread, the author's posts, the
        // thread again (back), then open 1 shows a status, which has none.
        let output = result.stdout
        let listed = Self.listed(in: output)
        try #require(listed.count == numbers.count + 2 * conversation.count + min(byAuthor.count, 20), "\(output)")
        #expect(Array(listed.prefix(numbers.count)) == numbers, "search lists what search --json finds, in order")
        let thread = Array(listed[numbers.count..<(numbers.count + conversation.count)])
        #expect(Set(thread) == conversation)
        #expect(Array(listed.suffix(conversation.count)) == thread, "back shows the thread again")
        #expect(
            Array(listed.dropFirst(numbers.count + conversation.count).prefix(min(byAuthor.count, 20)))
                == Array(byAuthor.prefix(20)), "author lists what from:@ finds, newest first")
        #expect(output.contains("thread of [\(second)]: \(conversation.count) archived statuses\n"))
        #expect(output.contains(shown), "open 2 shows the second result as show does")
        #expect(output.contains("@\(handle): \(byAuthor.count) archived post"))
        #expect(output.contains("\nsearch:is:reply › status \(second)\n"), "path")
        #expect(output.hasSuffix(try await cli.run("show", String(thread[0])).stdout), "open 1 picks from the thread")
        // export wrote the thread on screen, each status as archived.
        #expect(result.stderr.contains("Exported \(conversation.count) statuses and 0 media files to \(tarball.path)"))
        var uris: [String] = []
        for number in thread {
            let raw = try await cli.run("show", "--raw", String(number)).stdout
            uris.append(
                (try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any])?["uri"] as? String ?? "")
        }
        #expect(Tarball.uris(try await Tarball.threadJSON(tarball)) == uris)
    }

    @Test func scriptsSucceedWhenEveryCommandDoes() async throws {
        let cli = try await Synced.shared.value.cli
        let result = try await cli.run(
            "repl", stdin: "help\n\nsearch breakdancing\nopen 1\nquit\nsearch never reached\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("search <query>") && result.stdout.contains("1 match for breakdancing"))
        #expect(!result.stdout.contains("never reached"))
        let empty = try await cli.run("repl", stdin: "")
        #expect(empty.status == 0 && empty.stdout.isEmpty)
    }

    @Test func atATerminalLinesAreEditedRecalledAndCompleted() async throws {
        let cli = try await Synced.shared.value.cli
        let (tags, handles) = try await archivedTagsAndHandles(cli)
        let (tag, tagPrefix) = try #require(
            Self.uniquePrefix(in: tags.keys.filter { $0.allSatisfy(\.isASCII) }, among: tags.keys))
        let (handle, handlePrefix) = try #require(Self.uniquePrefix(in: handles.authors, among: handles.all))
        let history = cli.home.url.appending(path: "repl_history")
        let userHome = try TemporaryDirectory("icebox-user")
        let environment = ["TERM": "xterm", "LANG": "C.UTF-8", "HOME": userHome.path, "PATH": "/usr/bin:/bin"]

        let terminal = try PseudoTerminal(CLI.binary, ["repl", "--home", cli.home.path], environment: environment)
        defer { terminal.stop() }
        try await terminal.waitFor("icebox> ")
        // Typed with a typo, then mended: backspace, Ctrl-A to the start, the missing letter.
        terminal.type("earch breakdancingg\u{7F}\u{01}s\r")
        try await terminal.waitFor("1 match for breakdancing")
        try await terminal.waitFor("icebox search:breakdancing> ")
        terminal.type("\u{1B}[A\r")  // ↑ recalls the line; run again
        try await terminal.waitFor("1 match for breakdancing", count: 2)
        try await terminal.waitFor("icebox search:breakdancing › search:breakdancing> ")
        terminal.type("tag #\(tagPrefix)\t\r")
        try await terminal.waitFor("#\(tag): \(tags[tag]!) archived post")
        terminal.type("account @\(handlePrefix)\t\r")
        try await terminal.waitFor("@\(handle): ")
        terminal.type("quit\r")
        #expect(await terminal.wait() == 0)
        #expect(terminal.screen.contains("\u{1B}["), "a terminal gets colour")
        let saved = try String(contentsOf: history, encoding: .utf8)
        #expect(saved == "search breakdancing\ntag #\(tag)\naccount @\(handle)\nquit\n")

        // A new session starts from the saved history.
        let again = try PseudoTerminal(CLI.binary, ["repl", "--home", cli.home.path], environment: environment)
        defer { again.stop() }
        try await again.waitFor("icebox> ")
        again.type("\u{1B}[A\u{1B}[A\u{1B}[A\u{1B}[A\r")
        try await again.waitFor("1 match for breakdancing")
        again.type("\u{04}")  // Ctrl-D on an empty line ends the session
        #expect(await again.wait() == 0)
    }

    /// Every hashtag of an archived post (lower-case) with how many posts carry it, and every author's
    /// `user@host` (all: of posts and boosts; authors: of posts), read from the archived JSON.
    private func archivedTagsAndHandles(_ cli: CLI) async throws -> ([String: Int], (all: [String], authors: [String]))
    {
        let archive = try ArchiveDatabase(
            path: cli.home.url.appending(path: "archive.sqlite"), logger: Logger(label: "test"))
        var tags: [String: Int] = [:]
        var all: Set<String> = []
        var authors: Set<String> = []
        func handle(_ status: [String: Any]) -> String? {
            guard let account = status["account"] as? [String: Any], let acct = account["acct"] as? String,
                let host = (account["url"] as? String).flatMap({ URL(string: $0)?.host })
            else { return nil }
            return acct.contains("@") ? acct : "\(acct)@\(host)"
        }
        for uri in try await archive.allStatusURIs() {
            guard let raw = try await archive.rawJSON(uri: uri),
                let status = try JSONSerialization.jsonObject(with: raw) as? [String: Any]
            else { continue }
            if let author = handle(status) { all.insert(author) }
            // A boosted post is archived as a row of its own too.
            guard status["reblog"] as? [String: Any] == nil else { continue }
            if let author = handle(status) { authors.insert(author) }
            for name in Set(
                (status["tags"] as? [[String: Any]] ?? []).compactMap { ($0["name"] as? String)?.lowercased() })
            {
                tags[name, default: 0] += 1
            }
        }
        return (tags, (all.sorted(), authors.sorted()))
    }

    /// One of `words` and the shortest prefix of it (at least 3 characters, shorter than the word) that no
    /// other of `among` starts with, ignoring case: TAB completes that prefix to the whole word.
    static func uniquePrefix(in words: some Collection<String>, among all: some Collection<String>) -> (String, String)?
    {
        for word in words.sorted() where word.count > 4 {
            for length in 3..<word.count {
                let prefix = String(word.prefix(length)).lowercased()
                if all.filter({ $0.lowercased().hasPrefix(prefix) }).count == 1 {
                    return (word, String(word.prefix(length)))
                }
            }
        }
        return nil
    }

    /// The `[number]` at the start of each numbered line of a listing, in order.
    static func listed(in text: String) -> [Int] {
        text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: #/^\d+\. +\[(\d+)\] @/#).flatMap { Int($0.1) }
        }
    }

    /// The archived conversation around a status, walked through `icebox show`'s parent and replies.
    private func conversation(around number: Int, _ cli: CLI) async throws -> Set<Int> {
        var seen: Set<Int> = []
        var queue = [number]
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            let text = try await cli.run("show", String(next)).stdout
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("thread: ") }) else { continue }
            queue += line.matches(of: #/\[(\d+)\]/#).compactMap { Int($0.1) }
        }
        return seen
    }
}
