import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// The README's examples run (issue 28): every `scripts/icebox …` line of its `sh` blocks and the REPL
/// session it shows are run in README order against a loopback test server, so the documentation cannot
/// drift from the tool. A line either runs or is listed in ``notRun`` with the reason; a listed line
/// that left the README fails the test too, so the list cannot rot.
@Suite(.serialized) struct ReadmeExamplesTests {
    /// Lines that cannot run here, and why (each is covered elsewhere).
    static let notRun: [String: String] = [
        "scripts/icebox account add mastodon.social":
            "a person approves Icebox in a browser (OAuthFlowTests drives the same flow)",
        "scripts/icebox import mastodon-archive dice.camp.user.kensanata.json":
            "a file of mastodon-archive's own (OtherFormatsTests imports one)",
        "scripts/icebox import mastodon-to-sqlite mastodon.db --server mastodon.social":
            "a database of mastodon-to-sqlite's own (MastodonToSQLiteTests imports one)",
        "scripts/icebox import jsonl statuses.jsonl --server mastodon.social":
            "a JSON Lines file of someone's (OtherFormatsTests imports one)",
    ]

    /// Exit statuses an example may end with besides 0: what the README says it does.
    static func allowed(_ line: String) -> Set<Int32> {
        if line.contains("timeline add list:42") { return [64] }  // "64 if you have no list 42"
        if line.contains("search ") { return [0, 1] }  // grep's 1: no match
        if line.contains(" https://example.social/") { return [64] }  // a post this archive never saw
        return [0]
    }

    /// The README's `sh` blocks and the REPL block, in order.
    static func examples() throws -> (lines: [String], repl: [String]) {
        let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
        var lines: [String] = []
        var repl: [String] = []
        var block: String?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                block = block == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            switch block {
            case "sh":
                if line.hasPrefix("scripts/icebox ") || line.contains("| scripts/icebox ") { lines.append(line) }
            case "text":
                // `icebox search:… (20 of 57)> more   # the next 20`: the command after the prompt.
                if line.hasPrefix("icebox"), let prompt = line.range(of: "> ") {
                    let command = line[prompt.upperBound...].split(separator: "#", maxSplits: 1).first ?? ""
                    repl.append(command.trimmingCharacters(in: .whitespaces))
                }
            default: break
            }
        }
        return (lines, repl)
    }

    /// The command of a README line, without its comment.
    static func command(_ line: String) -> String {
        guard !line.contains("'#"), !line.contains("\"#") else { return line }  // a quoted hashtag is no comment
        return (line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? line)
            .trimmingCharacters(in: .whitespaces)
    }

    /// The line as run here: this server for the README's, the archive's own account and status numbers.
    static func localized(_ line: String, server: String) -> String {
        var text = command(line)
        for host in ["mastodon.social", "fosstodon.org", "mastodon.online"]
        where text.contains("account add") || text.contains("timeline add") {
            text = text.replacingOccurrences(of: host, with: server)
        }
        text = text.replacingOccurrences(of: "alice@example.social --format", with: "alice@icebox.test --format")
        return text.replacingOccurrences(of: " 1234", with: " 1")
    }

    @Test func everyExampleRunsAsTheReadmeSays() async throws {
        var config = TestServerConfig()
        config.statusCount = 600
        config.homeShare = 1
        config.fixturesDirectory = nil
        config.startDate = Date(timeIntervalSince1970: 1_769_731_200)  // 2026-01-30: January and February
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        // The REPL session pages through more than 20 of alice's posts about sqlite.
        for number in 1...30 { await server.addStatus(username: "alice", text: "sqlite note \(number)") }
        let (lines, repl) = try Self.examples()
        #expect(lines.count >= 30, "the README's examples were found")
        for listed in Self.notRun.keys {
            #expect(
                lines.contains { Self.command($0) == listed },
                "\(listed) is no longer in the README: drop it from notRun")
        }

        // A folder as the README's reader has it: scripts/icebox, a token file, an export to import.
        let work = try TemporaryDirectory("icebox-readme")
        let scripts = work.url.appending(path: "scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        let wrapper = scripts.appending(path: "icebox")
        try "#!/bin/sh\nexec '\(CLI.binary.path)' \"$@\"\n".write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        try "test-token\n".write(to: work.url.appending(path: "token.txt"), atomically: true, encoding: .utf8)
        let export = Repository.fixtures.appending(path: "import/mastodon-export")
        let downloads = work.url.appending(path: "Downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: export, to: downloads.appending(path: "archive"))
        let zipped = try await CommandRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "cd '\(export.path)' && python3 -m zipfile -c '\(work.url.path)/archive-20240310-abcdef.zip' *",
            ])
        #expect(zipped.status == 0, "\(zipped.stderr)")
        let environment = ["ICEBOX_HOME": work.url.appending(path: "home").path, "HOME": work.path]

        let base = server.baseURL.absoluteString
        var ran = 0
        for line in lines where Self.notRun[Self.command(line)] == nil {
            let command = Self.localized(line, server: base)
            let result = try await CommandRunner.run(
                URL(fileURLWithPath: "/bin/bash"),
                ["-o", "pipefail", "-c", "cd '\(work.path)' && \(command)"],
                environment: environment)
            let allowed = Self.allowed(line).union([0])
            #expect(
                allowed.contains(result.status),
                "README: \(line)\nran: \(command)\nexit \(result.status): \(result.stderr)")
            ran += 1
        }
        #expect(ran == lines.count - Self.notRun.count)

        // The REPL session, as a script: every command it shows succeeds.
        #expect(repl.count >= 5)
        let session = try await CommandRunner.run(
            wrapper, ["repl"], stdin: repl.joined(separator: "\n") + "\n",
            environment: environment)
        #expect(
            session.status == 0, "README's REPL session: \(repl)\n\(session.stderr)\n\(session.stdout.prefix(3000))")
    }

    /// Every test the README's security table names exists (suite, or suite.test), so a promise cannot
    /// point at a test that was renamed or removed.
    @Test func everySecurityPromisePointsAtATestThatExists() throws {
        let readme = try String(contentsOf: Repository.root.appending(path: "README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "### Security promises"))
        let table = readme[start.upperBound...].prefix { _ in true }.split(separator: "###", maxSplits: 1).first ?? ""
        let cited = Set(
            table.matches(of: #/`([A-Z][A-Za-z]+Tests)(?:\.([a-zA-Z]+))?`/#).map { ($0.1, $0.2) }.map {
                "\($0.0)|\($0.1 ?? "")"
            })
        #expect(cited.count >= 20, "\(cited)")
        var sources = ""
        let files =
            FileManager.default.enumerator(atPath: Repository.root.appending(path: "Tests").path)?.allObjects ?? []
        for case let file as String in files where file.hasSuffix(".swift") {
            sources += try String(contentsOf: Repository.root.appending(path: "Tests/\(file)"), encoding: .utf8)
        }
        for entry in cited {
            let parts = entry.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let target = FileManager.default.fileExists(
                atPath: Repository.root.appending(path: "Tests/\(parts[0])").path)
            #expect(
                target || sources.contains("struct \(parts[0])") || sources.contains("extension \(parts[0])"),
                "no suite or test target \(parts[0])")
            if !parts[1].isEmpty { #expect(sources.contains("func \(parts[1])("), "no test \(parts[0]).\(parts[1])") }
        }
    }
}
