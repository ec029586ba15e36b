import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The secrets of an archive: app registrations and access tokens. Kept apart from the database, in a
/// file only the user can read, so the database can be shared without them.
public struct Credentials: Codable, Sendable, Equatable {
    /// An app registration on one server (`POST /api/v1/apps`).
    public struct App: Codable, Sendable, Equatable, CustomStringConvertible {
        public var clientID: String
        public var clientSecret: String
        public init(clientID: String, clientSecret: String) {
            self.clientID = clientID
            self.clientSecret = clientSecret
        }
        public var description: String { "App(client_id: \(clientID), client_secret: <redacted>)" }
        enum CodingKeys: String, CodingKey {
            case clientID = "client_id"
            case clientSecret = "client_secret"
        }
    }

    /// An account's token, with the origin that issued it: the only one it may be sent to.
    public struct Token: Codable, Sendable, Equatable, CustomStringConvertible {
        /// The origin that issued the token (`https://host[:port]`).
        public var server: String
        public var accessToken: String
        /// The account's id on `server`; `nil` in files written before accounts were keyed by origin.
        public var accountID: String?
        public init(server: String, accessToken: String, accountID: String? = nil) {
            self.server = server
            self.accessToken = accessToken
            self.accountID = accountID
        }
        public var description: String { "Token(server: \(server), access_token: <redacted>)" }
        enum CodingKeys: String, CodingKey {
            case server
            case accessToken = "access_token"
            case accountID = "account_id"
        }
    }

    /// By server base URL.
    public var apps: [String: App] = [:]
    /// By `AccountIdentity.key` (`<id>@<origin>`); files written before that keyed them by handle
    /// (`user@host`), which `token(for:handle:)` still reads.
    public var tokens: [String: Token] = [:]

    public init() {}

    /// The token of this account, only if it was issued by the account's own origin. An entry of an
    /// older file (keyed by handle) is used only when the origin it records is the account's.
    public func token(for identity: AccountIdentity, handle: String) -> Token? {
        if let token = tokens[identity.key], token.server == identity.origin,
            token.accountID == nil || token.accountID == identity.remoteID
        {
            return token
        }
        if let legacy = tokens[handle], legacy.accountID == nil, legacy.server == identity.origin { return legacy }
        return nil
    }

    /// Stores the account's token under its identity, dropping an older handle-keyed entry of the
    /// same origin (the file is upgraded as accounts are added again).
    public mutating func setToken(_ accessToken: String, for identity: AccountIdentity, handle: String) {
        if let legacy = tokens[handle], legacy.accountID == nil, legacy.server == identity.origin {
            tokens[handle] = nil
        }
        tokens[identity.key] = Token(server: identity.origin, accessToken: accessToken, accountID: identity.remoteID)
    }

    /// Forgets the account's token (and an older handle-keyed entry of the same origin).
    public mutating func removeToken(for identity: AccountIdentity, handle: String) {
        if let legacy = tokens[handle], legacy.accountID == nil, legacy.server == identity.origin {
            tokens[handle] = nil
        }
        tokens[identity.key] = nil
    }
}

/// Reads and writes `credentials.json` with mode 0600, atomically.
public struct CredentialStore: Sendable {
    public let file: URL
    let logger: Logger

    public init(file: URL, logger: Logger) {
        self.file = file
        self.logger = logger
    }

    /// The stored credentials; empty when the file does not exist yet. The file is opened without
    /// following a link (one planted at its name is refused, its target left alone) and, if others may
    /// read it, restricted to 0600 through the open descriptor.
    public func load() throws(ArchiveError) -> Credentials {
        guard let fd = try PrivateFile.descriptor(file.path, holds: "the access tokens", logger: logger) else {
            return Credentials()
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            return try JSONDecoder().decode(Credentials.self, from: handle.readToEnd() ?? Data())
        } catch {
            throw .cannotOpen(
                path: file.path, reason: "the credentials file is not valid JSON (\(error.localizedDescription))")
        }
    }

    /// Writes the credentials: a new 0600 file beside the old one (created exclusively), flushed, then
    /// renamed over it.
    public func save(_ credentials: Credentials) throws(ArchiveError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(credentials) } catch { throw .database("cannot encode credentials: \(error)") }
        try PrivateFile.replace(file.path, with: data, what: "credentials")
    }

    /// Loads, changes and saves in one go.
    public func update(_ change: (inout Credentials) -> Void) throws(ArchiveError) {
        var credentials = try load()
        change(&credentials)
        try save(credentials)
    }
}
