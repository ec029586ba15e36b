import Foundation
import IceboxTestSupport
import Testing

/// Mistakes are said one way: `icebox: …` on stderr, the usage of the command that was run (never
/// `icebox <subcommand>`), and a non-zero exit, `help` with an unknown topic too.
@Suite struct CommandMessagesTests {
    @Test func aMistakeFoundWhileRunningShowsThatCommandsUsage() async throws {
        let cli = try CLI()
        let result = try await cli.run("account", "add", "http://127.0.0.1:9", "--token-stdin", stdin: "")
        #expect(result.status == 64)
        // (A note on the folder's mode may come first: test folders are made 0755.)
        #expect(
            result.stderr.split(separator: "\n").contains("icebox: --token-stdin: no token on standard input"),
            "\(result.stderr)")
        #expect(result.stderr.contains("Usage: icebox account add "), "\(result.stderr)")
        #expect(result.stderr.contains("See 'icebox account add --help'"), "\(result.stderr)")
        #expect(!result.stderr.contains("<subcommand>") && !result.stderr.contains("Error:"), "\(result.stderr)")
    }

    @Test(arguments: [
        ["search", "--limit", "0", "cats"], ["search", "--json", "--csv", "cats"], ["timeline", "add"],
        ["sync", "--since", "yesterday"], ["nosuch"],
    ])
    func aMistakeFoundWhileParsingSaysIceboxNotError(_ arguments: [String]) async throws {
        let result = try await CLI().run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("icebox: "), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(arguments): \(result.stderr)")
        if arguments != ["nosuch"] {
            #expect(result.stderr.contains("Usage: icebox \(arguments[0])"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func helpForAnUnknownTopicFails() async throws {
        let unknown = try await CommandRunner.run(CLI.binary, ["help", "nosuch"])
        #expect(unknown.status == 64, "\(unknown.stdout)")
        #expect(unknown.stderr.hasPrefix("icebox: ") && unknown.stderr.contains("nosuch"), "\(unknown.stderr)")
        let nested = try await CommandRunner.run(CLI.binary, ["help", "timeline", "nosuch"])
        #expect(nested.status == 64)
        let known = try await CommandRunner.run(CLI.binary, ["help", "timeline", "add"])
        #expect(known.status == 0 && known.stdout.contains("USAGE: icebox timeline add"), "\(known.stdout)")
    }
}
