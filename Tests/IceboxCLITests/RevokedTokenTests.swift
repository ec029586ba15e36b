import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// An account whose token the server no longer takes (revoked in the server's settings, expired): the
/// sync says which account and what to do, and exits 77, whatever words the server's 401 used.
@Suite(.serialized) struct RevokedTokenTests {
    /// Issue 42, m5: a 401 "This method requires an authenticated user" to a request with a token was
    /// taken for a feed closed to anonymous readers, with exit 1 and no remedy.
    @Test(arguments: [false, true])
    func aSyncWithARevokedTokenNamesTheAccountAndTheRemedyAndExits77(answeredAsNoUser: Bool) async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        config.homeShare = 1
        config.quirks.unknownTokenAsNoUser = answeredAsNoUser
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try await CLI.pinningHome(of: server)
        await server.removeToken("test-token")

        let address = "http://\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
        let sync = try await cli.run("sync", "--no-media")
        #expect(sync.status == 77, "exit \(sync.status): \(sync.stderr)")
        let line = try #require(sync.stderr.split(separator: "\n").first { $0.hasPrefix("home (alice@") })
        #expect(line.contains("refused the access token"), "\(line)")
        #expect(line.contains("icebox account add \(address) --replace"), "the remedy: \(line)")
        #expect(!line.contains("REFUSED"), "not a feed closed to anonymous readers: \(line)")

        let json = try await cli.run("sync", "--no-media", "--json")
        #expect(json.status == 77)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let timelines = try #require(summary["timelines"] as? [[String: Any]])
        #expect(timelines.map { $0["token_refused"] as? Bool } == [true])
        #expect(timelines.map { $0["outcome"] as? String } == ["failed"])

        // The remedy works: authorized again, the account syncs.
        #expect(await server.setToken("new-token", username: "alice"))
        let added = try await cli.run("account", "add", address, "--replace", "--token-stdin", stdin: "new-token\n")
        #expect(added.status == 0, "\(added.stderr)")
        let again = try await cli.run("sync", "--no-media")
        #expect(again.status == 0, "\(again.stderr)")
    }
}
