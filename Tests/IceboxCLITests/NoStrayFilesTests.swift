import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Icebox writes only into its archive folder: not Foundation's URL cache, not a cookie store.
@Suite(.serialized) struct NoStrayFilesTests {
    @Test func aSessionLeavesNothingInHomeOrTheXDGFolders() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 30, homeShare: 1)
        defer { Task { await server.stop() } }
        let user = try TemporaryDirectory("icebox-user")
        let archive = try TemporaryDirectory("icebox-archive")
        let environment = [
            "HOME": user.path,
            "XDG_CACHE_HOME": user.url.appending(path: "cache").path,
            "XDG_DATA_HOME": user.url.appending(path: "data").path,
            "XDG_CONFIG_HOME": user.url.appending(path: "config").path,
            "XDG_STATE_HOME": user.url.appending(path: "state").path,
        ]
        func run(_ arguments: String..., stdin: String? = nil) async throws -> CommandResult {
            try await CommandRunner.run(
                CLI.binary, arguments + ["--home", archive.path], stdin: stdin, environment: environment)
        }
        let base = server.baseURL.absoluteString
        #expect(try await run("account", "add", base, "--token-stdin", stdin: "test-token\n").status == 0)
        #expect(try await run("timeline", "add", "home").status == 0)
        let synced = try await run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try await run("search", "coffee").status == 0)

        let stray = FileManager.default.enumerator(atPath: user.path)?.allObjects as? [String] ?? []
        #expect(stray.isEmpty, "files outside the archive folder: \(stray)")
        #expect(FileManager.default.fileExists(atPath: archive.url.appending(path: "archive.sqlite").path))
    }
}
