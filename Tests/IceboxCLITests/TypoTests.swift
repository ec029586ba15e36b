import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// A slip of the keys is named and fails; it never changes what a command does in silence (issue 42:
/// M2, `search --limt 5 coffee` searched "5 coffee"; P13, `icebox serach` was "2 unexpected arguments").
@Suite(.serialized) struct TypoTests {
    /// An archive of synthetic posts with words to count.
    static func archive() async throws -> (CLI, TestServer) {
        let server = try await TestServer.startHome(statuses: 40)
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        return (cli, server)
    }

    @Test(
        arguments: [
            (["--count", "--limt", "5", "kite"], "--limt", "--limit"),
            (["--jsn", "kite"], "--jsn", "--json"),
            (["--offest", "20", "--limit", "1", "kite"], "--offest", "--offset"),
            (["--count", "--since", "2026-01-01", "kite"], "--since", nil),
            (["kite", "--alll"], "--alll", "--all"),
            (["--nosuchflag", "kite"], "--nosuchflag", nil),
            (["-x", "kite"], "-x", nil),
            (["--limt=5", "kite"], "--limt", "--limit"),
        ] as [([String], String, String?)])
    func anUnknownSearchOptionIsNamedWithExit64(_ arguments: [String], _ named: String, _ meant: String?)
        async throws
    {
        let cli = try CLI()
        let result = try await cli.run(["search"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("icebox: Unknown option '\(named)'"), "\(arguments): \(result.stderr)")
        if let meant { #expect(result.stderr.contains("Did you mean '\(meant)'?"), "\(result.stderr)") }
        #expect(result.stdout.isEmpty, "nothing was searched: \(result.stdout)")
    }

    @Test func exclusionsAndWordsAfterTheTerminatorAreStillTheQuery() async throws {
        let (cli, server) = try await Self.archive()
        defer { Task { await server.stop() } }
        func count(_ arguments: String...) async throws -> Int? {
            let result = try await cli.run(["search", "--count", "--all"] + arguments)
            #expect(!result.stderr.contains("Unknown option"), "\(arguments): \(result.stderr)")
            return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let all = try #require(try await count("the"))
        #expect(all > 0)
        #expect(try await count("the", "-the") == 0, "an exclusion of more than one letter is a word")
        // After `--` every word is the query's, `--home` too: the folder comes from the environment.
        let passed = try await CommandRunner.run(
            CLI.binary, ["search", "--count", "--all", "--", "-zzzqqq", "the"],
            environment: ["ICEBOX_HOME": cli.home.path])
        #expect(!passed.stderr.contains("Unknown option"), "\(passed.stderr)")
        #expect(Int(passed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == all, "\(passed.stderr)")
    }

    @Test(
        arguments: [
            (["serach", "coffee"], "serach", "search", "icebox"),
            (["timeline", "ad", "home"], "ad", "add", "icebox timeline"),
            (["acount", "list"], "acount", "account", "icebox"),
            (["frobnicate"], "frobnicate", nil, "icebox"),
        ] as [([String], String, String?, String)])
    func anUnknownCommandIsNamed(_ arguments: [String], _ named: String, _ meant: String?, _ group: String)
        async throws
    {
        let result = try await CLI().run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("icebox: unknown command '\(named)'."), "\(result.stderr)")
        if let meant {
            #expect(result.stderr.contains("Did you mean '\(meant)'?"), "\(result.stderr)")
        } else {
            #expect(!result.stderr.contains("Did you mean"), "\(result.stderr)")
        }
        #expect(result.stderr.contains("See '\(group) --help'"), "\(result.stderr)")
    }
}
