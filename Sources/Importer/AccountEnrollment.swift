import Archive
import Foundation
import Logging
import MastodonAPI
import Models

/// Adding the user's accounts: with a token they already have, or through the out-of-band OAuth flow
/// (register Icebox once per server, the user approves in a browser and pastes the code).
public struct AccountEnrollment: Sendable {
    /// Icebox only ever reads.
    public static let scopes = "read"

    let archive: ArchiveDatabase
    let credentials: CredentialStore
    let logger: Logger

    public init(archive: ArchiveDatabase, credentials: CredentialStore, logger: Logger) {
        self.archive = archive
        self.credentials = credentials
        self.logger = logger
    }

    /// Verifies the token with `verify_credentials`, then stores the account (and the token, in the
    /// credentials file only).
    public func add(server: ServerAddress, token: String) async throws(EnrollmentError) -> ArchivingAccount {
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw .badToken("the token is empty or contains spaces")
        }
        let client = MastodonClient(server: server, token: token, logger: logger)
        let account: Account
        do {
            account = try await client.get(Accounts.verifyCredentials, as: Account.self)
        } catch {
            throw .server(error)
        }
        let handle = account.fullHandle(servedBy: server.host)
        do {
            try credentials.update { $0.tokens[handle] = .init(server: server.description, accessToken: token) }
            return try await archive.addAccount(handle: handle, server: server.description, remoteID: account.id,
                                                username: account.username, displayName: account.displayName,
                                                url: account.url)
        } catch {
            throw .archive(error)
        }
    }

    /// Registers Icebox with the server (once; the registration is kept) and returns the page where
    /// the user approves access and is shown a code.
    public func authorizationURL(server: ServerAddress, forceLogin: Bool) async throws(EnrollmentError) -> URL {
        let app = try await registeredApp(server)
        return OAuth.authorizeURL(server: server, clientID: app.clientID, scopes: Self.scopes, forceLogin: forceLogin)
    }

    /// Exchanges the code the user pasted for a token, then adds the account as `add(server:token:)` does.
    public func complete(server: ServerAddress, code: String) async throws(EnrollmentError) -> ArchivingAccount {
        let code = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !code.isEmpty else { throw .badToken("no authorization code given") }
        let app = try await registeredApp(server)
        let client = MastodonClient(server: server, token: nil, logger: logger)
        let token: AccessToken
        do {
            token = try await client.get(OAuth.token(code: code, clientID: app.clientID, clientSecret: app.clientSecret,
                                                     scopes: Self.scopes), as: AccessToken.self)
        } catch {
            throw .server(error)
        }
        return try await add(server: server, token: token.accessToken)
    }

    private func registeredApp(_ server: ServerAddress) async throws(EnrollmentError) -> Credentials.App {
        do {
            if let app = try credentials.load().apps[server.description] { return app }
        } catch {
            throw .archive(error)
        }
        let client = MastodonClient(server: server, token: nil, logger: logger)
        let registered: RegisteredApp
        do {
            registered = try await client.get(
                OAuth.registerApp(name: "Icebox", scopes: Self.scopes),
                as: RegisteredApp.self)
        } catch {
            throw .server(error)
        }
        let app = Credentials.App(clientID: registered.clientID, clientSecret: registered.clientSecret)
        do { try credentials.update { $0.apps[server.description] = app } } catch { throw .archive(error) }
        return app
    }

    /// Removes the account and its token; what it archived stays.
    public func remove(handle: String) async throws(EnrollmentError) {
        do {
            try await archive.removeAccount(handle: handle)
            try credentials.update { $0.tokens[handle] = nil }
        } catch {
            throw .archive(error)
        }
    }
}

/// Why an account could not be added.
public enum EnrollmentError: Error, Sendable, CustomStringConvertible {
    case badToken(String)
    case server(APIError)
    case archive(ArchiveError)

    public var description: String {
        switch self {
        case .badToken(let reason): reason
        case .server(let error): error.description
        case .archive(let error): error.description
        }
    }
}
