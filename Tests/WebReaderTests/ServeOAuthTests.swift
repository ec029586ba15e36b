import ArchiveCore
import Foundation
import HTTPTypes
import IceboxTestSupport
import Logging
import Testing

/// Mastodon apps sign in to `icebox serve` as to a server (issue 45): they register, the archive's owner
/// approves them on a page of the reader, they exchange the code for a token that reads as the account
/// the owner chose, with `read` only; codes, nonces and redirect URIs hold as OAuth 2 says.
@Suite(.serialized) struct ServeOAuthTests {
    static let callback = "https://app.example/callback"

    /// Registers an app asking for everything Ice Cubes and Elk ask; its client id and secret.
    static func register(_ served: Served, redirect: String = callback) async throws -> (id: String, secret: String) {
        let answer = try await served.post(
            "/api/v1/apps",
            form: [
                ("client_name", "Test <App>"), ("redirect_uris", redirect), ("scopes", "read write follow push"),
                ("website", "https://app.example"),
            ])
        #expect(answer.status == .ok, "\(answer.body)")
        let app = try jsonObject(answer.body)
        #expect(app["name"] as? String == "Test <App>" && app["redirect_uri"] as? String == redirect)
        return (try #require(app["client_id"] as? String), try #require(app["client_secret"] as? String))
    }

    /// The approval page for `clientID`, as the owner sees it; its nonce.
    static func approvalNonce(_ served: Served, clientID: String, redirect: String = callback) async throws -> String {
        let page = try await served.get(
            "/oauth/authorize?response_type=code&client_id=\(clientID)&redirect_uri=\(redirect)"
                + "&scope=read+write+follow+push&state=s%26t%20x")
        #expect(page.status == .ok, "\(page.body)")
        let match = try #require(page.body.firstMatch(of: #/name="nonce" value="([A-Za-z0-9_-]+)"/#))
        return String(match.1)
    }

    /// The owner's approval as the page's form posts it (same origin, the cookie); the answer.
    static func approve(_ served: Served, nonce: String, account: String = SignInArchive.alice) async throws
        -> (status: HTTPResponse.Status, headers: HTTPFields, body: String)
    {
        try await served.post(
            "/oauth/authorize", form: [("nonce", nonce), ("account", account), ("decision", "approve")],
            headers: [.origin: "http://\(served.authority)"], asOwner: true)
    }

    /// The code the approval's redirect carries to `redirect`, with the state given back as it was sent.
    static func code(of approval: (status: HTTPResponse.Status, headers: HTTPFields, body: String)) throws -> String {
        #expect(approval.status == .seeOther, "\(approval.body)")
        let location = try #require(approval.headers[.location])
        #expect(location.hasPrefix(callback + "?code="), "\(location)")
        let items = try #require(URLComponents(string: location)?.queryItems)
        #expect(items.first { $0.name == "state" }?.value == "s&t x", "\(location)")
        return try #require(items.first { $0.name == "code" }?.value)
    }

    @Test func anAppSignsInWithTheOwnersApprovalReadsOnlyAndIsRevoked() async throws {
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let app = try await Self.register(served)
            let page = try await served.get(
                "/oauth/authorize?response_type=code&client_id=\(app.id)&redirect_uri=\(Self.callback)&scope=read")
            #expect(page.body.contains("Test &lt;App&gt;") && page.body.contains("@\(SignInArchive.alice)"))
            // The form's redirect to the app is allowed by the page's policy, and nothing else is.
            #expect(
                (page.headers[.contentSecurityPolicy] ?? "").contains("form-action 'self' https://app.example;"),
                "\(page.headers[.contentSecurityPolicy] ?? "")")
            let code = try Self.code(
                of: try await Self.approve(served, nonce: try await Self.approvalNonce(served, clientID: app.id)))
            let exchange: [(String, String)] = [
                ("grant_type", "authorization_code"), ("client_id", app.id), ("client_secret", app.secret),
                ("code", code), ("redirect_uri", Self.callback),
            ]
            let answer = try await served.post("/oauth/token", form: exchange)
            #expect(answer.status == .ok, "\(answer.body)")
            let token = try jsonObject(answer.body)
            let bearer = try #require(token["access_token"] as? String)
            #expect(token["token_type"] as? String == "Bearer")
            #expect(token["scope"] as? String == "read", "asked read write follow push: granted read only")
            #expect(token["created_at"] is Int)
            #expect(bearer.count == 43 && bearer.allSatisfy { $0.isLetter || $0.isNumber || "-_".contains($0) })

            // The seam the API reads: the account the owner chose, read only.
            let store = APITokenStore(home: IceboxHome(directory: home.url), logger: Logger(label: "test"))
            let grant = store.grant(forBearer: bearer)
            #expect(grant?.name == "Test <App>" && grant?.account == SignInArchive.alice && grant?.scopes == ["read"])
            let verified = try await served.get("/api/v1/apps/verify_credentials", bearer: bearer)
            #expect(verified.status == .ok && jsonField(verified.body, "name") as? String == "Test <App>")

            // A code works once.
            let again = try await served.post("/oauth/token", form: exchange)
            #expect(again.status == .badRequest && jsonField(again.body, "error") as? String == "invalid_grant")

            // Revoked: the token stops working at once.
            let revoked = try await served.post(
                "/oauth/revoke", form: [("client_id", app.id), ("client_secret", app.secret), ("token", bearer)])
            #expect(revoked.status == .ok && revoked.body == "{}", "\(revoked.body)")
            #expect(store.grant(forBearer: bearer) == nil)
            let after = try await served.get("/api/v1/apps/verify_credentials", bearer: bearer)
            #expect(after.status == .unauthorized, "\(after.body)")
        }
    }

    @Test func noCodeGoesToARedirectURIThatWasNotRegistered() async throws {
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let app = try await Self.register(served)
            for elsewhere in [
                "https://evil.example/callback", Self.callback + "/more", "https://app.example/callback?x=1",
            ] {
                let page = try await served.get(
                    "/oauth/authorize?response_type=code&client_id=\(app.id)&redirect_uri=\(elsewhere)&scope=read")
                #expect(page.status == .badRequest, "\(elsewhere): \(page.status)")
                #expect(page.headers[.location] == nil && !page.body.contains("nonce"), "\(elsewhere)")
            }
            // An app that registered an address it may not be sent to is refused.
            let script = try await served.post(
                "/api/v1/apps", form: [("client_name", "x"), ("redirect_uris", "javascript:alert(1)")])
            #expect(script.status == .unprocessableContent, "\(script.body)")
            // A code approved for the registered address is refused when exchanged for another.
            let code = try Self.code(
                of: try await Self.approve(served, nonce: try await Self.approvalNonce(served, clientID: app.id)))
            let answer = try await served.post(
                "/oauth/token",
                form: [
                    ("grant_type", "authorization_code"), ("client_id", app.id), ("client_secret", app.secret),
                    ("code", code), ("redirect_uri", "https://evil.example/callback"),
                ])
            #expect(answer.status == .badRequest && jsonField(answer.body, "error") as? String == "invalid_grant")
            // A wrong secret is no client.
            let wrong = try await served.post(
                "/oauth/token",
                form: [("grant_type", "client_credentials"), ("client_id", app.id), ("client_secret", "x")])
            #expect(wrong.status == .unauthorized && jsonField(wrong.body, "error") as? String == "invalid_client")
        }
    }

    @Test func onlyTheOwnerApprovesAndOnlyFromTheApprovalPage() async throws {
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let app = try await Self.register(served)
            let path =
                "/oauth/authorize?response_type=code&client_id=\(app.id)&redirect_uri=\(Self.callback)&scope=read"
            let stranger = try await served.get(path, asOwner: false)
            #expect(stranger.status == .forbidden && !stranger.body.contains("nonce"), "\(stranger.status)")
            let nonce = try await Self.approvalNonce(served, clientID: app.id)
            let form = [("nonce", nonce), ("account", SignInArchive.alice), ("decision", "approve")]
            let withoutSecret = try await served.post(
                "/oauth/authorize", form: form, headers: [.origin: "http://\(served.authority)"])
            #expect(withoutSecret.status == .forbidden && withoutSecret.headers[.location] == nil)
            let site = try #require(HTTPField.Name("Sec-Fetch-Site"))
            for crossSite: HTTPFields in [[.origin: "https://evil.example"], [site: "cross-site"], [site: "same-site"]]
            {
                let answer = try await served.post("/oauth/authorize", form: form, headers: crossSite, asOwner: true)
                #expect(answer.status == .forbidden && answer.headers[.location] == nil, "\(crossSite)")
            }
            // A form without the page's nonce, or with one spent, approves nothing.
            let forged = try await Self.approve(served, nonce: "made-up")
            #expect(forged.status == .badRequest && forged.headers[.location] == nil)
            _ = try Self.code(of: try await Self.approve(served, nonce: nonce))
            let replayed = try await Self.approve(served, nonce: nonce)
            #expect(replayed.status == .badRequest && replayed.headers[.location] == nil)
            // The account must be one of the archive's.
            let elsewhere = try await Self.approve(
                served, nonce: try await Self.approvalNonce(served, clientID: app.id), account: "mallory@evil.example")
            #expect(elsewhere.status == .badRequest && elsewhere.headers[.location] == nil)
        }
    }

    @Test func anAppOnlyTokenReadsAsNoAccountAndRequestsAreBounded() async throws {
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let app = try await Self.register(served)
            let answer = try await served.post(
                "/oauth/token",
                json:
                    #"{"grant_type":"client_credentials","client_id":"\#(app.id)","client_secret":"\#(app.secret)","scope":"read write"}"#
            )
            #expect(answer.status == .ok, "\(answer.body)")
            let token = try jsonObject(answer.body)
            #expect(token["scope"] as? String == "read")
            let bearer = try #require(token["access_token"] as? String)
            let store = APITokenStore(home: IceboxHome(directory: home.url), logger: Logger(label: "test"))
            let grant = store.grant(forBearer: bearer)
            #expect(grant?.name == "Test <App>" && grant != nil && grant?.account == nil && grant?.scopes == ["read"])
            // Anyone may get such a token: it reads nothing, and the instance names no account to it.
            let timeline = try await served.get("/api/v1/timelines/home", headers: [.authorization: "Bearer \(bearer)"])
            #expect(timeline.status == .unprocessableContent, "\(timeline.status)")
            for version in ["v1", "v2"] {
                let instance = try await served.get(
                    "/api/\(version)/instance", headers: [.authorization: "Bearer \(bearer)"])
                #expect(instance.status == .ok && !instance.body.contains("@"), "\(instance.body)")
            }
            let unsupported = try await served.post(
                "/oauth/token",
                form: [("grant_type", "password"), ("client_id", app.id), ("client_secret", app.secret)])
            #expect(unsupported.status == .badRequest)
            #expect(jsonField(unsupported.body, "error") as? String == "unsupported_grant_type")
            let large = try await served.post(
                "/api/v1/apps",
                form: [("client_name", String(repeating: "a", count: 70_000)), ("redirect_uris", Self.callback)])
            #expect(large.status == .contentTooLarge, "\(large.status)")
            let long = try await served.post(
                "/api/v1/apps",
                form: [("client_name", String(repeating: "a", count: 5_000)), ("redirect_uris", Self.callback)])
            #expect(long.status == .unprocessableContent, "\(long.status)")
            // Other methods stay refused on the reader's pages.
            let post = try await served.post("/search", form: [("q", "x")], asOwner: true)
            #expect(post.status == .methodNotAllowed)
        }
    }

    @Test func appsAreBoundedAndTheOldestWithoutASignInGoFirst() async throws {
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let signedIn = try await Self.register(served)
            let code = try Self.code(
                of: try await Self.approve(served, nonce: try await Self.approvalNonce(served, clientID: signedIn.id)))
            let answer = try await served.post(
                "/oauth/token",
                form: [
                    ("grant_type", "authorization_code"), ("client_id", signedIn.id),
                    ("client_secret", signedIn.secret),
                    ("code", code), ("redirect_uri", Self.callback),
                ])
            let bearer = try #require(try jsonObject(answer.body)["access_token"] as? String)
            let first = try await Self.register(served)
            for _ in 0..<APITokenStore.maximumApps { _ = try await Self.register(served) }
            let file = try String(contentsOf: home.url.appending(path: "api-tokens.json"), encoding: .utf8)
            #expect(file.components(separatedBy: "\"client_id\" : ").count - 1 <= APITokenStore.maximumApps + 1)
            #expect(!file.contains(first.id), "the oldest app nobody signed in with is dropped")
            #expect(file.contains(signedIn.id), "an app signed in with is kept")
            #expect((try await served.get("/api/v1/apps/verify_credentials", bearer: bearer)).status == .ok)
        }
    }

    @Test func aPKCEChallengeMustBeMetByItsVerifier() async throws {
        // RFC 7636, appendix B.
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let app = try await Self.register(served)
            let authorize =
                "/oauth/authorize?response_type=code&client_id=\(app.id)&redirect_uri=\(Self.callback)&scope=read"
                + "&state=s%26t%20x&code_challenge=\(challenge)&code_challenge_method=S256"
            for given in [nil, "wrong-verifier-wrong-verifier-wrong-verifier", verifier] {
                let page = try await served.get(authorize)
                let nonce = String(try #require(page.body.firstMatch(of: #/name="nonce" value="([A-Za-z0-9_-]+)"/#)).1)
                let code = try Self.code(of: try await Self.approve(served, nonce: nonce))
                let answer = try await served.post(
                    "/oauth/token",
                    form: [
                        ("grant_type", "authorization_code"), ("client_id", app.id), ("client_secret", app.secret),
                        ("code", code), ("redirect_uri", Self.callback),
                    ] + (given.map { [("code_verifier", $0)] } ?? []))
                #expect(
                    answer.status == (given == verifier ? .ok : .badRequest),
                    "\(given ?? "no verifier"): \(answer.body)")
            }
            let plain = try await served.get(authorize.replacingOccurrences(of: "S256", with: "plain"))
            #expect(plain.status == .seeOther && (plain.headers[.location] ?? "").contains("error=invalid_request"))
        }
    }

    @Test func anOutOfBandAppIsShownTheCode() async throws {
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let oob = "urn:ietf:wg:oauth:2.0:oob"
            let app = try await Self.register(served, redirect: oob)
            let page = try await served.get("/oauth/authorize?response_type=code&client_id=\(app.id)&scope=read")
            let nonce = String(try #require(page.body.firstMatch(of: #/name="nonce" value="([A-Za-z0-9_-]+)"/#)).1)
            let shown = try await Self.approve(served, nonce: nonce)
            #expect(shown.status == .ok && shown.headers[.location] == nil)
            let code = String(try #require(shown.body.firstMatch(of: #/<code>([A-Za-z0-9_-]+)</code>/#)).1)
            let answer = try await served.post(
                "/oauth/token",
                form: [
                    ("grant_type", "authorization_code"), ("client_id", app.id), ("client_secret", app.secret),
                    ("code", code), ("redirect_uri", oob),
                ])
            #expect(answer.status == .ok, "\(answer.body)")
        }
    }
}
