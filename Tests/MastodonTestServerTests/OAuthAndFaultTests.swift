import Foundation
import IceboxTestSupport
import Testing

@testable import MastodonTestServer

@Suite("OAuth flow and injected faults")
struct OAuthAndFaultTests {
    @Test func appRegistrationAuthorizationAndTokenExchange() async throws {
        try await withTestServer { server in
            let redirect = "urn:ietf:wg:oauth:2.0:oob"
            let app = try await fetch(
                server.url("/api/v1/apps"), method: "POST",
                form: ["client_name": "Icebox", "redirect_uris": redirect, "scopes": "read"])
            #expect(app.status == 200)
            let clientID = try #require(app.object["client_id"] as? String)
            let secret = try #require(app.object["client_secret"] as? String)
            let page = try await fetch(
                server.url(
                    "/oauth/authorize?response_type=code&client_id=\(clientID)&redirect_uri=\(redirect)&scope=read"))
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            let html = String(decoding: page.body, as: UTF8.self)
            let code = try #require(
                html.range(of: #"code-[0-9a-z]+"#, options: .regularExpression).map { String(html[$0]) })
            let token = try await fetch(
                server.url("/oauth/token"), method: "POST",
                form: [
                    "grant_type": "authorization_code", "code": code, "client_id": clientID,
                    "client_secret": secret, "redirect_uri": redirect,
                ])
            #expect(token.status == 200)
            #expect(token.object["token_type"] as? String == "Bearer")
            let access = try #require(token.object["access_token"] as? String)
            let me = try await fetch(server.url("/api/v1/accounts/verify_credentials"), token: access)
            #expect(me.status == 200)
            let reuse = try await fetch(
                server.url("/oauth/token"), method: "POST",
                form: [
                    "grant_type": "authorization_code", "code": code, "client_id": clientID, "client_secret": secret,
                ])
            #expect(reuse.status == 400, "a code works once")
        }
    }

    @Test func every429AndServerErrors() async throws {
        try await withTestServer { server in
            var faults = Faults()
            faults.every429 = 2
            await server.setFaults(faults)
            let a = try await fetch(server.url("/api/v1/timelines/public"))
            let b = try await fetch(server.url("/api/v1/timelines/public"))
            #expect(a.status == 200 && b.status == 429)
            #expect(b.header("X-RateLimit-Limit") != nil)
            faults = Faults()
            faults.serverErrorRate = 1
            await server.setFaults(faults)
            #expect(try await fetch(server.url("/api/v1/timelines/public")).status == 500)
            faults = Faults()
            faults.htmlErrorRate = 1
            await server.setFaults(faults)
            let html = try await fetch(server.url("/api/v1/timelines/public"))
            #expect(html.status == 502 && html.header("Content-Type")?.hasPrefix("text/html") == true)
        }
    }

    @Test func truncatedJSONPartialHomeAndDroppedConnections() async throws {
        try await withTestServer { server in
            var faults = Faults()
            faults.truncatedJSONRate = 1
            await server.setFaults(faults)
            let cut = try await fetch(server.url("/api/v1/timelines/public"))
            #expect(cut.status == 200)
            #expect((try? JSONSerialization.jsonObject(with: cut.body)) == nil)
            faults = Faults()
            faults.partialHomeRate = 1
            await server.setFaults(faults)
            let partial = try await fetch(server.url("/api/v1/timelines/home"), token: "test-token")
            #expect(partial.status == 206)
            faults = Faults()
            faults.dropConnectionRate = 1
            await server.setFaults(faults)
            await #expect(throws: (any Error).self) {
                _ = try await fetch(server.url("/api/v1/timelines/public"))
            }
            await server.setFaults(Faults())
            #expect(try await fetch(server.url("/api/v1/timelines/public")).status == 200)
        }
    }
}
