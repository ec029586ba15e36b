import Foundation
import Transport

/// Account, status, instance and OAuth endpoints.
public enum Accounts: Endpoint, Hashable {
    case verifyCredentials
    case account(id: String)

    public var path: String {
        switch self {
        case .verifyCredentials: "/api/v1/accounts/verify_credentials"
        case .account(let id): "/api/v1/accounts/\(segment(id))"
        }
    }
    public var requiresToken: Bool { self == .verifyCredentials }
}

/// One status and what hangs off it.
public enum Statuses: Endpoint, Hashable {
    case status(id: String)
    case context(id: String)
    case history(id: String)
    /// Several statuses at once, `?id[]=…` (Mastodon 4.3+; at most 20): those that exist and the caller
    /// may see, the others left out.
    case several(ids: [String])

    public var path: String {
        switch self {
        case .several: "/api/v1/statuses"
        case .status(let id): "/api/v1/statuses/\(segment(id))"
        case .context(let id): "/api/v1/statuses/\(segment(id))/context"
        case .history(let id): "/api/v1/statuses/\(segment(id))/history"
        }
    }
    public var queryItems: [URLQueryItem] {
        guard case .several(let ids) = self else { return [] }
        return ids.map { URLQueryItem(name: "id[]", value: $0) }
    }
    public var requiresToken: Bool { false }
}

/// What the server says about itself.
public enum Instances: Endpoint, Hashable {
    case v2

    public var path: String { "/api/v2/instance" }
    public var requiresToken: Bool { false }
}

/// Registering Icebox with a server and exchanging an authorization code for a token.
public enum OAuth: Endpoint, Hashable {
    /// Out-of-band redirect: the server shows the code for the user to paste.
    public static let outOfBandRedirect = "urn:ietf:wg:oauth:2.0:oob"

    case registerApp(name: String, scopes: String)
    case token(code: String, clientID: String, clientSecret: String, scopes: String)

    public var path: String {
        switch self {
        case .registerApp: "/api/v1/apps"
        case .token: "/oauth/token"
        }
    }
    public var method: HTTPMethod { .post }
    public var requiresToken: Bool { false }
    public var queryItems: [URLQueryItem] {
        switch self {
        case .registerApp(let name, let scopes):
            [
                .init(name: "client_name", value: name), .init(name: "redirect_uris", value: Self.outOfBandRedirect),
                .init(name: "scopes", value: scopes),
            ]
        case .token(let code, let clientID, let clientSecret, let scopes):
            [
                .init(name: "grant_type", value: "authorization_code"), .init(name: "code", value: code),
                .init(name: "client_id", value: clientID), .init(name: "client_secret", value: clientSecret),
                .init(name: "redirect_uri", value: Self.outOfBandRedirect), .init(name: "scope", value: scopes),
            ]
        }
    }

    /// The page where the user approves Icebox and is shown a code.
    public static func authorizeURL(server: ServerAddress, clientID: String, scopes: String, forceLogin: Bool) -> URL {
        var components = URLComponents(
            url: server.url.appending(path: "/oauth/authorize"), resolvingAgainstBaseURL: false)
        components?.queryItems =
            [
                .init(name: "response_type", value: "code"), .init(name: "client_id", value: clientID),
                .init(name: "redirect_uri", value: outOfBandRedirect), .init(name: "scope", value: scopes),
            ] + (forceLogin ? [.init(name: "force_login", value: "true")] : [])
        return components?.url ?? server.url
    }
}

/// `POST /api/v1/apps`.
public struct RegisteredApp: Codable, Hashable, Sendable {
    public var clientID: String
    public var clientSecret: String
    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case clientSecret = "client_secret"
    }
    public init(clientID: String, clientSecret: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

/// `POST /oauth/token`.
public struct AccessToken: Codable, Hashable, Sendable {
    public var accessToken: String
    enum CodingKeys: String, CodingKey { case accessToken = "access_token" }
}
