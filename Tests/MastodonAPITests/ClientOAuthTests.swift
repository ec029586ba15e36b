import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing

/// `MastodonClient` against the in-process `TestServer` on 127.0.0.1.
@Suite struct ClientOAuthTests {
    @Test func verifyCredentialsDecodesTheAccount() async throws {
        try await withTestServer { server in
            let account = try await server.client().get(Accounts.verifyCredentials, as: Account.self)
            #expect(account.username == "alice")
            #expect(account.acct == "alice")
            let snapshot = await server.snapshot()
            #expect(account.id == snapshot.accountIDs["alice"])
        }
    }

    @Test func oauthRegistrationCodeAndTokenExchange() async throws {
        try await withTestServer { server in
            let anonymous = try server.client(token: nil)
            let app = try await anonymous.get(
                OAuth.registerApp(name: "Icebox + tests", scopes: "read"),
                as: RegisteredApp.self)
            #expect(!app.clientID.isEmpty && !app.clientSecret.isEmpty)

            let authorize = OAuth.authorizeURL(
                server: try server.address, clientID: app.clientID, scopes: "read",
                forceLogin: false)
            #expect(authorize.host == "127.0.0.1")
            let items = URLComponents(url: authorize, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(items.first { $0.name == "redirect_uri" }?.value == OAuth.outOfBandRedirect)
            #expect(items.first { $0.name == "client_id" }?.value == app.clientID)
            #expect(!items.contains { $0.name == "force_login" })
            let page = try await plainGet(authorize)
            #expect(page.status == 200)
            let html = String(decoding: page.body, as: UTF8.self)
            let code = try #require(
                html.range(of: #"code-[0-9a-z]+"#, options: .regularExpression).map { String(html[$0]) })

            let token = try await anonymous.get(
                OAuth.token(code: code, clientID: app.clientID, clientSecret: app.clientSecret, scopes: "read"),
                as: AccessToken.self)
            #expect(!token.accessToken.isEmpty)
            let me = try await server.client(token: token.accessToken).get(Accounts.verifyCredentials, as: Account.self)
            #expect(me.username == "alice")

            // A code works once.
            let reuse = await apiError { () async throws(APIError) in
                try await anonymous.get(
                    OAuth.token(code: code, clientID: app.clientID, clientSecret: app.clientSecret, scopes: "read"),
                    as: AccessToken.self)
            }
            #expect(reuse?.httpStatus == 400)
            #expect(reuse?.description.contains("invalid_grant") == true)
            #expect(reuse?.description.contains(app.clientSecret) == false)

            let log = await server.requestLog()
            #expect(log.to("/api/v1/apps").first?.method == "POST")
            #expect(
                log.to("/oauth/token").allSatisfy { $0.method == "POST" && $0.query.isEmpty },
                "the secret travels in the body, not the URL")
        }
    }

    // MARK: - URLs

}
