import Foundation
import IceboxTestSupport
import MastodonTestServer

/// An archive folder and a way to run `icebox` on it.
struct CLI {
    let home: TemporaryDirectory
    static let binary = CommandRunner.productsDirectory.appending(path: "icebox")

    init() throws { home = try TemporaryDirectory("icebox-cli") }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) async throws -> CommandResult {
        try await run(arguments, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil) async throws -> CommandResult {
        try await CommandRunner.run(Self.binary, arguments + ["--home", home.path], stdin: stdin)
    }

    /// `stats --json` as a dictionary.
    func stats() async throws -> [String: Any] {
        let result = try await run("stats", "--json")
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }
}

extension TestServer {
    static func startWithFixtures(statuses: Int = 150, faults: Faults = Faults(), homeShare: Double = 0.6)
        async throws -> TestServer {
        var config = TestServerConfig()
        config.homeShare = homeShare
        config.statusCount = statuses
        config.fixturesDirectory = Repository.fixtures
        config.faults = faults
        return try await TestServer.start(config)
    }
}
