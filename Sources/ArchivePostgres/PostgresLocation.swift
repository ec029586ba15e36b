import Foundation

/// Where a PostgreSQL store is: parsed from `postgres://user[:password]@host[:port]/database`.
///
/// The password, when there is one, is never part of ``description`` (what messages and logs show).
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// `true` unless the URL says `?sslmode=disable` (loopback servers only, for tests).
    public var requiresTLS: Bool

    /// A URL that does not name a PostgreSQL store, in words naming what is wrong (never the password).
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(
        host: String, port: Int = 5432, user: String, password: String? = nil, database: String,
        requiresTLS: Bool = true
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.requiresTLS = requiresTLS
    }

    /// Parses a `postgres://` or `postgresql://` URL. Plain (unencrypted) connections are allowed to
    /// loopback hosts only, as Icebox allows plain http only to loopback.
    public init(url text: String) throws(Invalid) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else {
            throw Invalid(description: "the store must be a postgres://user@host/database URL")
        }
        guard let host = components.host, !host.isEmpty else {
            throw Invalid(description: "the store URL names no host (postgres://user@host/database)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw Invalid(description: "the store URL names no user (postgres://user@\(host)/database)")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw Invalid(description: "the store URL names no database (postgres://\(user)@\(host)/database)")
        }
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "require"
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
        if mode == "disable", !loopback {
            throw Invalid(description: "sslmode=disable is allowed for a loopback server only (\(host) is not)")
        }
        self.init(
            host: host, port: components.port ?? 5432, user: user, password: components.password,
            database: database, requiresTLS: mode != "disable" && !loopback)
    }

    /// The URL without its password: what messages and logs show.
    public var description: String {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "postgres://\(user)@\(hostPart):\(port)/\(database)"
    }
}
