import ArchiveCore
import Foundation

/// `POST /oauth/token` and `POST /oauth/revoke`: what an app calls with its client secret.
extension OAuthEndpoints {
    /// A token for a code the owner approved (`authorization_code`: the same app, the same redirect
    /// URI, the code's first use within 10 minutes, and the `code_verifier` of its PKCE challenge if it
    /// had one), or an app-only one (`client_credentials`).
    func token(_ parameters: OAuthParameters) throws(OAuthFailure) -> Reply {
        guard let grantType = parameters["grant_type"] else { throw .invalidRequest }
        guard grantType == "authorization_code" || grantType == "client_credentials" else {
            throw .unsupportedGrantType
        }
        let app = try client(parameters)
        let account: String?
        if grantType == "authorization_code" {
            guard let code = parameters["code"], let redirect = parameters["redirect_uri"] else {
                throw .invalidRequest
            }
            guard let signIn = pending.redeem(code), signIn.clientID == app.clientID, signIn.redirectURI == redirect,
                let approved = signIn.account,
                signIn.codeChallenge.map({ challenge in
                    parameters["code_verifier"].map {
                        APITokenSecret.sameDigest(APITokenSecret.challenge($0), challenge)
                    }
                        ?? false
                }) ?? true
            else { throw .invalidGrant }
            account = approved
        } else {
            account = nil
        }
        let token: String
        do { token = try tokens.issue(for: app, account: account) } catch { throw failure(error) }
        logger.info(
            "serve: a token for the app \(app.name.debugDescription)\(account.map { " as \($0)" } ?? " (app-only)")")
        return Self.json([
            "access_token": token, "token_type": "Bearer", "scope": app.scopes.joined(separator: " "),
            "created_at": Int(Date().timeIntervalSince1970),
        ])
    }

    /// Forgets a token the app obtained (RFC 7009): `{}`, also for a token not kept; a token another app
    /// obtained is left alone (403).
    func revoke(_ parameters: OAuthParameters) throws(OAuthFailure) -> Reply {
        let app = try client(parameters)
        guard let token = parameters["token"] else { throw .invalidRequest }
        let outcome: APITokenStore.Revocation
        do { outcome = try tokens.revoke(token, for: app) } catch { throw failure(error) }
        guard outcome != .notTheApps else { throw .unauthorizedClient }
        return Self.json([:])
    }

    /// The app whose `client_id` and `client_secret` the request gives.
    private func client(_ parameters: OAuthParameters) throws(OAuthFailure) -> APIApp {
        guard let clientID = parameters["client_id"], let secret = parameters["client_secret"] else {
            throw .invalidClient
        }
        let app: APIApp?
        do { app = try tokens.app(clientID: clientID, secret: secret) } catch { throw failure(error) }
        guard let app else { throw .invalidClient }
        return app
    }
}
