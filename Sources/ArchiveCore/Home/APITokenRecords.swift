import Foundation

/// One token of `api-tokens.json`, as `icebox serve token list` shows it: never the token itself,
/// only its SHA-256 (kept in the file) and its last four characters.
public struct APITokenRecord: Codable, Sendable, Hashable {
    /// Who asked for it: `script` (`icebox serve token add`) or `app` (OAuth).
    public enum Kind: String, Codable, Sendable, Hashable {
        case script, app
    }

    /// The name given to `token add`, or the app's `client_name`.
    public var name: String
    /// The archiving account's handle it reads as; `nil` for an app-only (`client_credentials`) token.
    public var account: String?
    public var kind: Kind
    /// When it was made (ISO 8601, UTC).
    public var createdAt: String
    /// The token's last four characters, to tell tokens apart.
    public var lastFour: String
    /// Always `["read"]`.
    public var scopes: [String]
    /// The app that obtained it (its `client_id`); `nil` for a script's.
    public var clientID: String?
    /// Hex SHA-256 of the token. Not shown by `token list --json`.
    var sha256: String

    enum CodingKeys: String, CodingKey {
        case name, account, kind, scopes, sha256
        case createdAt = "created_at"
        case lastFour = "last_four"
        case clientID = "client_id"
    }
}

/// An app registered with `POST /api/v1/apps`: its `client_id` and the SHA-256 of its secret.
public struct APIApp: Codable, Sendable, Hashable {
    /// Mastodon's `id` of the application (a number, as a string).
    public var id: String
    public var clientID: String
    public var name: String
    public var website: String?
    /// Where an authorization may send its code: exactly these, nothing else.
    public var redirectURIs: [String]
    /// Always `["read"]`, whatever the app asked.
    public var scopes: [String]
    public var createdAt: String
    /// Hex SHA-256 of the client secret.
    var secretSHA256: String

    enum CodingKeys: String, CodingKey {
        case id, name, website, scopes
        case clientID = "client_id"
        case redirectURIs = "redirect_uris"
        case createdAt = "created_at"
        case secretSHA256 = "client_secret_sha256"
    }
}

/// The whole of `api-tokens.json`.
struct APITokenFile: Codable, Sendable, Hashable {
    var tokens: [APITokenRecord] = []
    var apps: [APIApp] = []
}
