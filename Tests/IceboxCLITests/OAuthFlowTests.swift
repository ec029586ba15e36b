import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `icebox account add SERVER` without a token: register once, print the authorize link, read the code.
@Suite(.serialized) struct OAuthFlowTests {
    @Test func outOfBandCodeIsExchangedForAToken() async throws {
        let server = try await TestServer.startWithFixtures(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try CLI()
        let base = server.baseURL.absoluteString

        // Without a code the command stops, but Icebox is registered and the link is printed.
        let first = try await cli.run("account", "add", base, stdin: "")
        #expect(first.status == 64)
        let link = try #require(first.stdout.split(separator: "\n").first.map(String.init))
        let components = try #require(URLComponents(string: link))
        #expect(components.path == "/oauth/authorize")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["scope"] == "read" && query["redirect_uri"] == "urn:ietf:wg:oauth:2.0:oob")
        #expect(query["response_type"] == "code" && !(query["client_id"] ?? "").isEmpty)

        // The user approves in a browser; the page shows a code.
        let (page, _) = try await URLSession.shared.data(from: try #require(URL(string: link)))
        let html = String(decoding: page, as: UTF8.self)
        let code = try #require(
            html.firstRange(of: #/<code id="code">([^<]+)</code>/#).map { String(html[$0].dropFirst(16).dropLast(7)) })

        let second = try await cli.run("account", "add", base, stdin: code + "\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Added alice@icebox.test"))
        #expect(second.stdout.contains(link), "the registration is reused, not made again")
        let registrations = await server.requestLog().filter { $0.path == "/api/v1/apps" }
        #expect(registrations.count == 1)
        let credentials = try String(contentsOf: cli.home.url.appending(path: "credentials.json"), encoding: .utf8)
        #expect(credentials.contains("access_token") && credentials.contains("client_secret"))
        let accounts = try await cli.run("account", "list")
        #expect(accounts.stdout.contains("alice@icebox.test") && !accounts.stdout.contains("client_secret"))
    }
}
