import ArchiveCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Sign-in as a Mastodon server offers it (issue 45), so an app adds the archive as an account:
/// `POST /api/v1/apps`, `GET /api/v1/apps/verify_credentials`, the owner's approval page at
/// `/oauth/authorize`, `POST /oauth/token` (`authorization_code`, `client_credentials`) and
/// `POST /oauth/revoke`. Whatever an app asks, it is granted `read` only, and says so.
struct OAuthEndpoints: Sendable {
    /// The tokens and apps, in the archive folder.
    let tokens: APITokenStore
    /// The approval pages shown and the codes not yet redeemed.
    let pending = OAuthPending()
    /// The archive's accounts, one of which a sign-in reads as.
    let store: any ArchiveStore
    let version: String
    let logger: Logger

    /// The answer to a request for one of ``OAuthRoutes``, which the guard has let through.
    func respond(to request: Request) async -> Reply {
        do throws(OAuthFailure) {
            switch (request.method, request.uri.path) {
            case (.post, "/api/v1/apps"): return try await register(OAuthParameters.body(request))
            case (.get, "/api/v1/apps/verify_credentials"), (.head, "/api/v1/apps/verify_credentials"):
                return try verify(request)
            case (.get, OAuthRoutes.authorize), (.head, OAuthRoutes.authorize):
                return await authorizePage(request)
            case (.post, OAuthRoutes.authorize): return await approve(request)
            case (.post, "/oauth/token"): return try await token(OAuthParameters.body(request))
            case (.post, "/oauth/revoke"): return try await revoke(OAuthParameters.body(request))
            default:
                var reply = Reply.text("Method not allowed here", status: .methodNotAllowed)
                reply.headers.append(HTTPField(name: .allow, value: allowed(request.uri.path)))
                return reply
            }
        } catch { return error.reply }
    }

    private func allowed(_ path: String) -> String {
        switch path {
        case OAuthRoutes.authorize: "GET, HEAD, POST"
        case "/api/v1/apps/verify_credentials": "GET, HEAD"
        default: "POST"
        }
    }

    /// `POST /api/v1/apps`: Mastodon's Application, with the client secret shown this once.
    private func register(_ parameters: OAuthParameters) throws(OAuthFailure) -> Reply {
        let name = (parameters["client_name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .validation("Name can't be blank") }
        let redirects = parameters.list("redirect_uris")
        guard !redirects.isEmpty else { throw .validation("Redirect URI can't be blank") }
        if let problem = redirects.lazy.compactMap(OAuthRedirect.problem).first { throw .validation(problem) }
        let website = parameters["website"].flatMap { $0.isEmpty ? nil : $0 }
        guard APITokenStore.fits(name: name, website: website, redirectURIs: redirects) else {
            throw .validation(
                "an app's name, website and redirect URIs may take \(APITokenStore.maximumAppBytes) bytes")
        }
        let registered: APITokenStore.Registered
        do { registered = try tokens.register(name: name, website: website, redirectURIs: redirects) } catch {
            throw failure(error)
        }
        var fields = Self.application(registered.app)
        fields["client_id"] = registered.app.clientID
        fields["client_secret"] = registered.clientSecret
        fields["client_secret_expires_at"] = 0
        return Self.json(fields)
    }

    /// `GET /api/v1/apps/verify_credentials`: the app of the bearer token.
    private func verify(_ request: Request) throws(OAuthFailure) -> Reply {
        guard let bearer = Self.bearer(request) else { throw .invalidToken }
        let found: (record: APITokenRecord, app: APIApp?)?
        do { found = try tokens.token(forBearer: bearer) } catch { throw failure(error) }
        guard let found else { throw .invalidToken }
        guard let app = found.app else {
            return Self.json(["name": found.record.name, "website": NSNull(), "scopes": found.record.scopes])
        }
        return Self.json(Self.application(app))
    }

    /// Mastodon's Application entity, without its credentials.
    static func application(_ app: APIApp) -> [String: Any] {
        [
            "id": app.id, "name": app.name, "website": app.website ?? NSNull(), "scopes": app.scopes,
            "redirect_uri": app.redirectURIs.joined(separator: "\n"), "redirect_uris": app.redirectURIs,
        ]
    }

    /// The token of an `Authorization: Bearer …` header.
    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The answer for a token store error: the app is told as little as Mastodon would; the log says why.
    func failure(_ error: APITokenError) -> OAuthFailure {
        switch error {
        case .full: return .validation("this archive keeps no more apps for now")
        case .noSuchToken: return .invalidClient  // the app was dropped meanwhile
        default: break
        }
        logger.error("serve: \(error)")
        return .serverError
    }

    /// `fields` as a JSON answer, keys sorted.
    static func json(_ fields: [String: Any], status: HTTPResponse.Status = .ok) -> Reply {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        var reply = Reply.json(data)
        reply.status = status
        return reply
    }
}
