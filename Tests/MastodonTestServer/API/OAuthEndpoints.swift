import Foundation

/// Registered OAuth apps and issued authorization codes.
struct OAuthRegistry: Sendable {
    struct App: Sendable {
        let id: String
        let name: String
        let clientID: String
        let secret: String
        let redirectURI: String
        let scopes: String
    }
    var apps: [String: App] = [:]
    /// code → (client id, account index)
    var codes: [String: (clientID: String, account: Int)] = [:]
    var counter = 0

    mutating func next(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(String(format: "%06d", counter))\(String(counter * 7919, radix: 36))"
    }
}

/// `POST /api/v1/apps`, `GET /oauth/authorize`, `POST /oauth/token`, `POST /oauth/revoke`.
extension ServerState {
    func registerApp(_ req: APIRequest) -> Reply {
        guard let name = req.param("client_name"), let redirect = req.param("redirect_uris") else {
            return .error(422, "Validation failed: Name can't be blank, Redirect URI can't be blank")
        }
        let app = OAuthRegistry.App(
            id: String(oauth.apps.count + 1), name: name, clientID: oauth.next("client-"),
            secret: oauth.next("secret-"), redirectURI: redirect,
            scopes: req.param("scopes") ?? "read")
        oauth.apps[app.clientID] = app
        return .json([
            "id": .string(app.id), "name": .string(name), "website": .optional(req.param("website")),
            "scopes": .array(app.scopes.split(separator: " ").map { .string(String($0)) }),
            "redirect_uri": .string(redirect), "redirect_uris": [.string(redirect)],
            "client_id": .string(app.clientID), "client_secret": .string(app.secret),
            "vapid_key": "",
        ])
    }

    func oauthEndpoint(_ req: APIRequest, segments s: [String]) -> Reply {
        switch (req.method, s) {
        case ("GET", ["oauth", "authorize"]):
            guard let clientID = req.param("client_id"), oauth.apps[clientID] != nil else {
                return .html("<p>The client is unknown.</p>", status: 401)
            }
            let owner = req.param("username").flatMap { store.accountIndex(username: $0) } ?? 0
            let code = oauth.next("code-")
            oauth.codes[code] = (clientID, owner)
            return .html(
                """
                <!DOCTYPE html><html><head><title>Authorization code</title></head><body>
                <p>Copy this authorization code and paste it into the application:</p>
                <input type="text" class="oauth-code" readonly value="\(code)"><code id="code">\(code)</code>
                </body></html>
                """)
        case ("POST", ["oauth", "token"]):
            return issueToken(req)
        case ("POST", ["oauth", "revoke"]):
            if let token = req.param("token") { tokens[token] = nil }
            return .json([:])
        default:
            return .notFound
        }
    }

    private func issueToken(_ req: APIRequest) -> Reply {
        let invalid = Reply.json(
            [
                "error": "invalid_grant",
                "error_description":
                    "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
            ],
            status: 400)
        guard let clientID = req.param("client_id"), let app = oauth.apps[clientID],
            req.param("client_secret") == app.secret
        else {
            return .json(
                ["error": "invalid_client", "error_description": "Client authentication failed."], status: 401)
        }
        switch req.param("grant_type") {
        case "authorization_code":
            guard let code = req.param("code"), let grant = oauth.codes[code], grant.clientID == clientID,
                req.param("redirect_uri") == nil || req.param("redirect_uri") == app.redirectURI
            else { return invalid }
            oauth.codes[code] = nil
            let token = oauth.next("token-")
            tokens[token] = grant.account
            return .json([
                "access_token": .string(token), "token_type": "Bearer", "scope": .string(app.scopes),
                "created_at": .int(Int(Date().timeIntervalSince1970)),
            ])
        default:
            return .json(["error": "unsupported_grant_type"], status: 400)
        }
    }
}
