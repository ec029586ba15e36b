import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// One output contract for every `--json`, `--jsonl` and `--csv`, and colour only where it is wanted.
@Suite(.serialized) struct OutputContractTests {
    /// An archive with a home timeline (read with an account) and a remote one (read without), synced.
    struct Synced {
        static let shared = Task { try await Synced() }
        let server: TestServer
        let cli: CLI

        init() async throws {
            server = try await TestServer.startWithFixtures(statuses: 60, homeShare: 1)
            cli = try CLI()
            let base = server.baseURL.absoluteString
            #expect(try await cli.run("account", "add", base, "--token-stdin", stdin: "test-token\n").status == 0)
            #expect(try await cli.run("timeline", "add", "home").status == 0)
            #expect(try await cli.run("timeline", "add", "remote:\(base)").status == 0)
            #expect(try await cli.run("sync", "--no-media").status == 0)
        }
    }

    /// The objects of a JSON document that are records: the document itself, and each member of
    /// every array of objects in it, grouped by the array they are in.
    static func recordGroups(_ json: Any, path: String = "$") -> [(String, [[String: Any]])] {
        switch json {
        case let object as [String: Any]:
            return [(path, [object])] + object.flatMap { recordGroups($0.value, path: path + "." + $0.key) }
        case let array as [Any]:
            let objects = array.compactMap { $0 as? [String: Any] }
            let nested = objects.flatMap { object in
                object.flatMap { recordGroups($0.value, path: path + "[]." + $0.key) }
            }
            return (objects.isEmpty ? [] : [(path + "[]", objects)]) + nested
        default:
            return []
        }
    }

    static func isSnakeCase(_ key: String) -> Bool {
        !key.isEmpty && key.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } && key.first?.isLetter == true
    }

    @Test(arguments: [
        ["account", "list", "--json"], ["timeline", "list", "--json"], ["stats", "--json"],
        ["sync", "--json", "--no-media"], ["sync", "--json"], ["search", "--json", "coffee"],
        ["media", "fetch", "--json"], ["media", "verify", "--json"], ["media", "gc", "--json"],
    ])
    func everyJSONOutputHasSnakeCaseKeysAndTheSameKeysInEveryRecord(_ arguments: [String]) async throws {
        let cli = try await Synced.shared.value.cli
        let result = try await cli.run(arguments)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        // Maps (a count per host, say) are values, not records: their keys are data.
        let groups = Self.recordGroups(json).filter { !$0.0.hasSuffix("by_host") }
        #expect(!groups.isEmpty, "\(arguments): \(result.stdout) \(result.stderr)")
        for (path, records) in groups {
            for key in records.flatMap(\.keys) {
                #expect(Self.isSnakeCase(key), "\(arguments) \(path): \(key) is not snake_case")
            }
            let keySets = Set(records.map { Set($0.keys) })
            #expect(keySets.count == 1, "\(arguments) \(path): records with different keys: \(keySets)")
        }
    }

    @Test func everyJSONLineHasTheSameKeysAndCSVHasTheSameFieldsInTheSameOrder() async throws {
        let cli = try await Synced.shared.value.cli
        let lines = try await cli.run("search", "--jsonl", "--limit", "50", "coffee OR tea").stdout.split(
            separator: "\n")
        let objects = try lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count > 1)
        let keySets = Set(objects.map { Set($0.keys) })
        #expect(keySets.count == 1, "\(keySets)")
        #expect(objects.contains { $0["rank"] is NSNull }, "an absent value is null, not a missing key")

        let json = try await cli.run("search", "--json", "--limit", "1", "coffee").stdout
        let keyOrder = json.matches(of: #/\n    "([a-z_]+)" :/#).map { String($0.1) }
        let header = try await cli.run("search", "--csv", "--limit", "1", "coffee").stdout.split(separator: "\n").first
        #expect(!keyOrder.isEmpty && header.map(String.init) == keyOrder.joined(separator: ","))
        let empty = try await cli.run("search", "--csv", "zzzqqqxxx").stdout
        #expect(empty == keyOrder.joined(separator: ",") + "\n", "no results: the header alone")
    }

    @Test(arguments: [
        (["TERM": "xterm"], [String](), true), (["TERM": "xterm", "NO_COLOR": "1"], [], false),
        (["TERM": "dumb"], [], false), (["TERM": "xterm"], ["--color", "never"], false),
        (["TERM": "xterm", "NO_COLOR": "1"], ["--color", "always"], true),
    ])
    func colourAtATerminalOnlyWhenWanted(_ environment: [String: String], _ options: [String], _ colour: Bool)
        async throws
    {
        let cli = try await Synced.shared.value.cli
        let user = try TemporaryDirectory("icebox-user")
        let terminal = try PseudoTerminal(
            CLI.binary, ["search", "coffee", "--home", cli.home.path] + options,
            environment: environment.merging(["HOME": user.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]) { $1 })
        defer { terminal.stop() }
        #expect(await terminal.wait() == 0)
        #expect(terminal.screen.contains("coffee") || terminal.screen.contains("Coffee"))
        #expect(
            terminal.screen.contains("\u{1B}") == colour,
            "\(environment) \(options): \(terminal.screen.debugDescription.prefix(300))")
    }

    @Test func colourOnRequestThroughAPipeButNotByDefault() async throws {
        let cli = try await Synced.shared.value.cli
        #expect(!(try await cli.run("search", "coffee").stdout.contains("\u{1B}")))
        #expect(try await cli.run("search", "coffee", "--color", "always").stdout.contains("\u{1B}"))
        #expect(try await cli.run("search", "coffee", "--color", "sometimes").status == 64)
    }

    /// Help reads cleanly at 80 columns: the parser wraps the prose, so no line of it ends early
    /// where the next word would have fitted (a hard wrap in the source, re-wrapped).
    @Test(arguments: [
        [], ["account", "add"], ["account", "list"], ["account", "lists"], ["account", "remove"], ["timeline"],
        ["timeline", "add"], ["sync"], ["search"], ["show"], ["repl"], ["export"], ["export", "thread"],
        ["export", "search"], ["export", "timeline"], ["stats"], ["media"], ["media", "fetch"],
        ["media", "verify"], ["media", "gc"], ["doctor"], ["config"], ["config", "search-consent"],
    ])
    func helpProseIsWrappedOnlyByTheParser(_ command: [String]) async throws {
        let result = try await CommandRunner.run(CLI.binary, command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        let prose = result.stdout.components(separatedBy: "USAGE:")[0].components(separatedBy: "\n")
        for (line, next) in zip(prose, prose.dropFirst()) where !line.isEmpty && !next.isEmpty {
            let word = next.split(separator: " ").first.map(String.init) ?? ""
            // The parser fills lines to 79 columns.
            #expect(line.count + 1 + word.count >= 80, "\(command): '\(line)' ends early before '\(word)'")
            #expect(line.count <= 80, "\(command): '\(line)' is wider than 80 columns")
        }
    }
}
