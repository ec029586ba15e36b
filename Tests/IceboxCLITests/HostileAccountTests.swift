import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// A server that answers `verify_credentials` with another server's handle gets no other account's
/// token and overwrites nothing. Both test servers listen on 127.0.0.1 (two ports of one host) and both
/// report `alice@icebox.test` with the same account id: the hostile one claims the legit one's account.
@Suite(.serialized) struct HostileAccountTests {
    static func server(token: String) async throws -> TestServer {
        var config = TestServerConfig()
        config.statusCount = 20
        config.tokens = [token: "alice"]
        return try await TestServer.start(config)
    }

    /// Every token each server received.
    static func tokens(_ server: TestServer) async -> Set<String> {
        Set(await server.requestLog().compactMap(\.token))
    }

    @Test(arguments: [false, true])
    func aServerClaimingAHandleGetsNoOtherTokenAndOverwritesNothing(hostileFirst: Bool) async throws {
        let legit = try await Self.server(token: "legit-token")
        let hostile = try await Self.server(token: "hostile-token")
        defer {
            Task {
                await legit.stop()
                await hostile.stop()
            }
        }
        let cli = try CLI()
        let adds = [(legit, "legit-token"), (hostile, "hostile-token")]
        for (server, token) in hostileFirst ? adds.reversed() : adds {
            let added = try await cli.run(
                "account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: token + "\n")
            #expect(added.status == 0, "\(added.stderr)")
        }
        let list = try await cli.run("account", "list", "--json")
        let accounts = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(
            Set(accounts.compactMap { $0["server"] as? String })
                == [legit.baseURL.absoluteString, hostile.baseURL.absoluteString], "two accounts, side by side")
        #expect(Set(accounts.compactMap { $0["handle"] as? String }) == ["alice@icebox.test"])

        // The handle alone is ambiguous; the server names each account.
        let ambiguous = try await cli.run("timeline", "add", "home", "--account", "alice@icebox.test")
        #expect(ambiguous.status == 64 && ambiguous.stderr.contains("several accounts"))
        for server in [legit, hostile] {
            let pinned = try await cli.run("timeline", "add", "home", "--account", server.baseURL.absoluteString)
            #expect(pinned.status == 0, "\(pinned.stderr)")
        }
        let sync = try await cli.run("sync", "--quiet")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(await Self.tokens(legit) == ["legit-token"])
        #expect(await Self.tokens(hostile) == ["hostile-token"], "the hostile server never sees the legit token")
        #expect(await !legit.requestLog().to("/api/v1/timelines/home").isEmpty)

        let credentials = try String(contentsOf: cli.home.url.appending(path: "credentials.json"), encoding: .utf8)
        #expect(credentials.contains("legit-token") && credentials.contains("hostile-token"), "nothing was overwritten")
    }

    @Test func addingAnAccountAgainIsRefusedWithoutReplace() async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        config.tokens = ["first-token": "alice", "second-token": "alice"]
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        let base = server.baseURL.absoluteString
        #expect(try await cli.run("account", "add", base, "--token-stdin", stdin: "first-token\n").status == 0)
        let again = try await cli.run("account", "add", base, "--token-stdin", stdin: "second-token\n")
        #expect(again.status == 64, "a duplicate is a usage mistake, as a duplicate timeline is")
        #expect(again.stderr.contains("already added") && again.stderr.contains("--replace"))
        let file = cli.home.url.appending(path: "credentials.json")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("first-token"))
        #expect(try !String(contentsOf: file, encoding: .utf8).contains("second-token"))

        let replaced = try await cli.run("account", "add", base, "--token-stdin", "--replace", stdin: "second-token\n")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try !String(contentsOf: file, encoding: .utf8).contains("first-token"))
        let list = try await cli.run("account", "list")
        #expect(list.stdout.split(separator: "\n").count == 1)
    }

    @Test func onATerminalAddingAnAccountAgainAsks() async throws {
        var config = TestServerConfig()
        config.statusCount = 5
        config.tokens = ["first-token": "alice", "second-token": "alice", "third-token": "alice"]
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        let base = server.baseURL.absoluteString
        #expect(try await cli.run("account", "add", base, "--token-stdin", stdin: "first-token\n").status == 0)
        let file = cli.home.url.appending(path: "credentials.json")
        let environment = ["TERM": "xterm", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        for (token, answer, status) in [("second-token", "n", Int32(64)), ("third-token", "y", Int32(0))] {
            let terminal = try PseudoTerminal(
                CLI.binary, ["account", "add", base, "--token-stdin", "--home", cli.home.path],
                environment: environment)
            defer { terminal.stop() }
            terminal.type(token + "\r")
            try await terminal.waitFor("Replace its token? [y/N]")
            terminal.type(answer + "\r")
            #expect(await terminal.wait() == status, "\(terminal.screen)")
        }
        let stored = try String(contentsOf: file, encoding: .utf8)
        #expect(stored.contains("third-token") && !stored.contains("first-token") && !stored.contains("second-token"))
    }
}
