import Foundation
import IceboxTestSupport
import Testing

/// A mistyped `ICEBOX_HOME` (in a crontab, say) must not start a new archive: every command that only
/// reads says there is no archive there (66, naming the folder and how one is started) and creates
/// nothing, neither the folder nor a file in it.
@Suite(.serialized) struct ReadersCreateNothingTests {
    /// Every command that only reads the archive, as a user would type it.
    static let readingCommands: [[String]] = [
        ["search", "kite"], ["show", "1"], ["stats"], ["export", "search", "kite", "-o", "-"],
        ["export", "account", "alice@icebox.test", "-o", "-"], ["repl"],
        ["timeline", "list"], ["account", "list"], ["account", "lists"], ["unreadable"], ["unreadable", "--raw", "1"],
        ["media", "verify"], ["media", "gc", "--dry-run"],
        ["config", "deletions"], ["config", "search-consent"], ["doctor"],
    ]

    @Test func aReadingCommandOnAMistypedHomeExits66AndCreatesNothing() async throws {
        let parent = try TemporaryDirectory("icebox-typo")
        let home = parent.url.appending(path: "archvie")
        for command in Self.readingCommands {
            let result = try await CommandRunner.run(
                CLI.binary, command, stdin: "quit\n",
                environment: ["ICEBOX_HOME": home.path])
            #expect(result.status == 66, "\(command): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains("no archive in \(home.path)") && result.stderr.contains("icebox account add"),
                "\(command): \(result.stderr)")
            let made = try FileManager.default.contentsOfDirectory(atPath: parent.path)
            #expect(made.isEmpty, "\(command) created \(made)")
        }
        // An existing, empty folder stays empty.
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        for command in Self.readingCommands {
            let result = try await CommandRunner.run(CLI.binary, command + ["--home", home.path], stdin: "quit\n")
            #expect(result.status == 66, "\(command): \(result.status) \(result.stderr)")
            let made = try FileManager.default.contentsOfDirectory(atPath: home.path)
            #expect(made.isEmpty, "\(command) created \(made)")
        }
    }
}
