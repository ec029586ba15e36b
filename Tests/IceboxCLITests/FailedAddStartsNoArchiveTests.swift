import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Issue 42, P2: `account add` asks the server before it opens or starts the archive, so an add that fails
/// (a mistyped server, a dead port, a refused token or code) leaves no archive for the next command to find
/// empty: that command still says there is no archive, and a good add afterwards starts one.
@Suite(.serialized) struct FailedAddStartsNoArchiveTests {
    @Test func aFailedAddLeavesNoArchiveAndAGoodOneAfterItWorks() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 5)
        defer { Task { await server.stop() } }
        let dead = try RefusingPort()
        let parent = try TemporaryDirectory("icebox-failed-add")
        let home = parent.url.appending(path: "icebox")
        let address = "http://127.0.0.1:\(server.port)"
        func icebox(_ arguments: String..., stdin: String? = nil) async throws -> CommandResult {
            try await CommandRunner.run(CLI.binary, arguments + ["--home", home.path], stdin: stdin)
        }
        func expectNoArchive(_ what: String) async throws {
            #expect(
                !FileManager.default.fileExists(atPath: home.appending(path: "archive.sqlite").path),
                "\(what) left an archive behind")
            let stats = try await icebox("stats")
            #expect(stats.status == 66, "after \(what): \(stats.status) \(stats.stderr)")
            #expect(stats.stderr.contains("no archive in \(home.path)"), "after \(what): \(stats.stderr)")
        }

        // A server nothing answers for, and a token the server refuses: nothing at all is made.
        let unreachable = try await icebox("account", "add", dead.baseURL, "--token-stdin", stdin: "test-token\n")
        #expect(unreachable.status == 69, "\(unreachable.stderr)")
        try await expectNoArchive("a token for a dead port")
        let refused = try await icebox("account", "add", address, "--token-stdin", stdin: "wrong-token\n")
        #expect(refused.status == 77, "\(refused.stderr)")
        try await expectNoArchive("a refused token")
        let unregistered = try await icebox("account", "add", dead.baseURL, stdin: "some-code\n")
        #expect(unregistered.status == 69, "\(unregistered.stderr)")
        try await expectNoArchive("the OAuth flow with a dead port")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty, "not even the folder")

        // A refused code: the registration is kept to be reused (the folder holds it), but no archive.
        let wrongCode = try await icebox("account", "add", address, stdin: "not-the-code\n")
        #expect(wrongCode.status == 77, "\(wrongCode.stderr)")
        try await expectNoArchive("a refused code")
        let kept = try String(contentsOf: home.appending(path: "credentials.json"), encoding: .utf8)
        #expect(kept.contains("client_secret") && !kept.contains("access_token"))

        let added = try await icebox("account", "add", address, "--token-stdin", stdin: "test-token\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added alice@icebox.test"))
        let accounts = try await icebox("account", "list")
        #expect(accounts.status == 0 && accounts.stdout.contains("alice@icebox.test"), "\(accounts.stderr)")
        #expect(try await icebox("stats").status == 0)
    }
}
