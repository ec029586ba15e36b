import Foundation

/// The apps that register themselves with `POST /api/v1/apps`, which anyone reaching the reader may do
/// (as on Mastodon): so what is kept of them is bounded, in bytes per app and in apps, and the oldest
/// apps no account signed in with make room for new ones.
extension APITokenStore {
    /// The most apps kept.
    public static let maximumApps = 100
    /// The most bytes of an app's name, website and redirect URIs together.
    public static let maximumAppBytes = 4_096

    /// What an app gets from registering: its record and its client secret, shown this once.
    public struct Registered: Sendable {
        public var app: APIApp
        public var clientSecret: String
    }

    /// Whether an app described by these would be kept (``maximumAppBytes``).
    public static func fits(name: String, website: String?, redirectURIs: [String]) -> Bool {
        name.utf8.count + (website?.utf8.count ?? 0) + redirectURIs.reduce(0) { $0 + $1.utf8.count + 1 }
            <= maximumAppBytes
    }

    /// Registers an app, dropping the oldest app no account signed in with (and its app-only token) when
    /// ``maximumApps`` are kept; `.full` when every kept app has an account's token.
    public func register(name: String, website: String?, redirectURIs: [String]) throws(APITokenError)
        -> Registered
    {
        guard Self.fits(name: name, website: website, redirectURIs: redirectURIs) else { throw .full(path: file.path) }
        return try update { (contents: inout APITokenFile) throws(APITokenError) -> Registered in
            while contents.apps.count >= Self.maximumApps {
                let signedIn = Set(contents.tokens.filter { $0.account != nil }.compactMap(\.clientID))
                guard let oldest = contents.apps.firstIndex(where: { !signedIn.contains($0.clientID) }) else {
                    throw .full(path: file.path)
                }
                let dropped = contents.apps.remove(at: oldest).clientID
                contents.tokens.removeAll { $0.clientID == dropped }
            }
            let secret = APITokenSecret.new()
            let number = (contents.apps.compactMap { Int($0.id) }.max() ?? 0) + 1
            let app = APIApp(
                id: String(number), clientID: APITokenSecret.new(), name: name, website: website,
                redirectURIs: redirectURIs, scopes: ["read"], createdAt: Timestamp.string(Date()),
                secretSHA256: APITokenSecret.digest(secret))
            contents.apps.append(app)
            return Registered(app: app, clientSecret: secret)
        }
    }

    /// The app of `clientID`; when `secret` is given, only if it is the app's client secret.
    public func app(clientID: String, secret: String? = nil) throws(APITokenError) -> APIApp? {
        guard let app = try current().apps.first(where: { $0.clientID == clientID }) else { return nil }
        if let secret, !APITokenSecret.sameDigest(app.secretSHA256, APITokenSecret.digest(secret)) { return nil }
        return app
    }

    /// The kept token `token` is, and its app (`nil` for a script's token).
    public func token(forBearer token: String) throws(APITokenError) -> (record: APITokenRecord, app: APIApp?)? {
        let contents = try current()
        guard let record = Self.record(forBearer: token, in: contents) else { return nil }
        return (record, contents.apps.first { $0.clientID == record.clientID && record.clientID != nil })
    }

    /// A new token for `app`, reading as `account` (an approved sign-in), or app-only (`nil`, OAuth's
    /// `client_credentials`: one per app, a new one replacing the last). Returned once, kept hashed.
    public func issue(for app: APIApp, account: String?) throws(APITokenError) -> String {
        try update { (contents: inout APITokenFile) throws(APITokenError) -> String in
            guard contents.apps.contains(where: { $0.clientID == app.clientID }) else {
                throw .noSuchToken(app.name)
            }
            if account == nil { contents.tokens.removeAll { $0.clientID == app.clientID && $0.account == nil } }
            let (token, record) = APITokenSecret.issue(
                name: app.name, account: account, kind: .app, clientID: app.clientID)
            contents.tokens.append(record)
            return token
        }
    }

    /// What revoking a token for an app found.
    public enum Revocation: Sendable, Equatable {
        /// The token was the app's, and is kept no more.
        case revoked
        /// No kept token is it (revoked already, or never issued): nothing to do.
        case unknown
        /// The token is another app's, or a script's: left alone.
        case notTheApps
    }

    /// Forgets `token` if `app` obtained it.
    public func revoke(_ token: String, for app: APIApp) throws(APITokenError) -> Revocation {
        try update { (contents: inout APITokenFile) throws(APITokenError) -> Revocation in
            guard let record = Self.record(forBearer: token, in: contents) else { return .unknown }
            guard record.clientID == app.clientID else { return .notTheApps }
            contents.tokens.removeAll { $0.sha256 == record.sha256 }
            return .revoked
        }
    }
}
