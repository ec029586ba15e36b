import Foundation
import IceboxTestSupport
import MastodonAPI
import MastodonTestServer
import Models
import Testing
import Transport

/// A token goes only to the origin that issued it: a redirect to another host, another port, or from
/// https down to http is never followed, and the request fails naming both ends.
@Suite struct RedirectTests {
    /// Servers on other loopback addresses (and another port of this one) stand for other hosts; their
    /// request logs detect any request that reaches them.
    @Test(arguments: [301, 302, 303, 307, 308])
    func anOffOriginRedirectIsNeverFollowedAndFailsClearly(status: Int) async throws {
        var other = TestServerConfig()
        other.bindAddress = "127.0.0.2"
        other.statusCount = 5
        let elsewhere = try await TestServer.start(other)
        defer { Task { await elsewhere.stop() } }
        var samePort = TestServerConfig()
        samePort.statusCount = 5
        let otherPort = try await TestServer.start(samePort)
        defer { Task { await otherPort.stop() } }
        try await withTestServer { server in
            for target in [elsewhere, otherPort] {
                var modes = HostileModes()
                modes.redirectAPITo = target.baseURL.absoluteString
                modes.redirectStatus = status
                await server.setHostile(modes)
                let client = try server.client()
                let timeline = await apiError { () async throws(APIError) in
                    try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
                }
                let account = await apiError { () async throws(APIError) in
                    try await client.get(Accounts.verifyCredentials, as: Account.self)
                }
                for error in [timeline, account] {
                    guard case .redirected(let host, _, let location)? = error else {
                        Issue.record("expected .redirected, got \(String(describing: error))")
                        continue
                    }
                    #expect(host == server.hostAndPort)
                    #expect(location == target.baseURL.absoluteString, "names where it was sent: \(location)")
                    #expect(error?.isTransient == false)
                }
            }
            #expect(await elsewhere.requestLog().isEmpty, "127.0.0.2 never heard from the client")
            #expect(await otherPort.requestLog().isEmpty, "another port of 127.0.0.1 never heard from the client")
        }
    }

    @Test func aRedirectWithinTheSameOriginIsFollowedWithTheToken() async throws {
        try await withTestServer { server in
            var modes = HostileModes()
            modes.redirectAPITo = server.baseURL.absoluteString
            modes.redirectStatus = 307
            await server.setHostile(modes)
            let page = try await server.client().statuses(Timelines.home, cursor: PageCursor(limit: 40))
            #expect(page.items.count == 40)
            let log = await server.requestLog().to("/api/v1/timelines/home")
            #expect(log.count == 2)
            #expect(log.last?.value("redirected") == "1" && log.last?.hadToken == true)
        }
    }

    @Test func theOriginRuleRefusesOtherHostsPortsAndHTTPSDowngrades() throws {
        let origin = try #require(URL(string: "https://social.example"))
        func follows(_ target: String) throws -> Bool {
            RedirectPolicy.mayFollow(from: origin, to: try #require(URL(string: target)))
        }
        #expect(try follows("https://social.example/api/v1/timelines/home?max_id=1"))
        #expect(try follows("https://SOCIAL.example:443/x"))
        #expect(try !follows("http://social.example/api/v1/timelines/home"), "https never falls back to http")
        #expect(try !follows("https://social.example:8443/x"))
        #expect(try !follows("https://evil.example/x"))
        #expect(try !follows("https://social.example.evil.example/x"))
        #expect(try !follows("ftp://social.example/x"))
    }
}
