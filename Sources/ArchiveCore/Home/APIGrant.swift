/// What a bearer token presented to `icebox serve`'s Mastodon API may read: found by
/// ``APITokenStore/grant(forBearer:)``.
public struct APIGrant: Sendable, Hashable {
    /// The token's name (`icebox serve token add NAME`) or, for a token an app obtained by OAuth, the
    /// app's `client_name`.
    public var name: String
    /// The handle (`user@host`) of the archiving account the token reads as; `nil` for an app-only token
    /// (OAuth `client_credentials`). Anyone who reaches the reader's port may register an app and obtain
    /// an app-only token, so such a token must read nothing of the archive.
    public var account: String?
    /// What it may do: `read`, always, and nothing else (the archive is read-only).
    public var scopes: Set<String>
    /// What the token's markers are kept under: its SHA-256, which names this one token (a name is the
    /// app's choice, and two apps, or a token made again under an old name, may share it).
    public var markerKey: String

    /// A grant as the token store keeps it.
    public init(name: String, account: String?, scopes: Set<String>, markerKey: String) {
        self.name = name
        self.account = account
        self.scopes = scopes
        self.markerKey = markerKey
    }
}
