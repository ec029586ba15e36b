import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models

/// Adding the user's accounts: with a token they already have, or through the out-of-band OAuth flow
/// (register Icebox once per server, the user approves in a browser and pastes the code).
public struct AccountEnrollment: Sendable {
    /// Icebox only ever reads.
    public static let scopes = "read"

    let archive: any ArchiveStore
    let credentials: CredentialStore
    let logger: Logger

    public init(archive: any ArchiveStore, credentials: CredentialStore, logger: Logger) {
        self.archive = archive
        self.credentials = credentials
        self.logger = logger
    }

    /// Verifies the token with `verify_credentials`, then stores the account (and the token, in the
    /// credentials file only). The account is the server asked plus the id it answers; the handle it
    /// reports is kept as a label, so a server claiming another's handle adds an account of its own and
    /// never receives, nor replaces, another account's token. When this account was already added,
    /// `replace` decides (it may ask the user); refusing throws `.alreadyAdded`.
    public func add(
        server: ServerAddress, token: String,
        replace: @Sendable (ArchivingAccount) async -> Bool = { _ in false }
    )
        async throws(EnrollmentError) -> ArchivingAccount
    {
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
        let identity = AccountIdentity(origin: server.description, remoteID: account.id)
        let existing: ArchivingAccount?
        do { existing = try await archive.account(identity) } catch { throw .archive(error) }
        if let existing, await !replace(existing) { throw .alreadyAdded(existing) }
        do {
            try credentials.update { $0.setToken(token, for: identity, handle: handle) }
            return try await archive.addAccount(
                handle: handle, server: server.description, remoteID: account.id,
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
    public func complete(
        server: ServerAddress, code: String,
        replace: @Sendable (ArchivingAccount) async -> Bool
    ) async throws(EnrollmentError) -> ArchivingAccount {
        let code = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !code.isEmpty else { throw .badToken("no authorization code given") }
        let app = try await registeredApp(server)
        let client = MastodonClient(server: server, token: nil, logger: logger)
        let token: AccessToken
        do {
            token = try await client.get(
                OAuth.token(
                    code: code, clientID: app.clientID, clientSecret: app.clientSecret,
                    scopes: Self.scopes), as: AccessToken.self)
        } catch {
            throw .server(error)
        }
        return try await add(server: server, token: token.accessToken, replace: replace)
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

    /// Removes the account a reference names (see `matching(_:)`) and its token; what it archived
    /// stays. A reference naming several accounts is refused, listing them.
    @discardableResult
    public func remove(_ reference: String) async throws(EnrollmentError) -> ArchivingAccount {
        do {
            let matches = try await archive.accounts().matching(reference)
            guard let account = matches.first else { throw ArchiveError.notFound("the account \(reference)") }
            guard matches.count == 1 else { throw EnrollmentError.ambiguous(reference, matches) }
            try await archive.removeAccount(id: account.id)
            try credentials.update { $0.removeToken(for: account.identity, handle: account.handle) }
            return account
        } catch let error as EnrollmentError {
            throw error
        } catch let error as ArchiveError {
            throw .archive(error)
        } catch {
            throw .archive(.database("\(error)"))
        }
    }
}

/// Why an account could not be added.
public enum EnrollmentError: Error, Sendable, CustomStringConvertible {
    case badToken(String)
    case server(APIError)
    case archive(ArchiveError)
    /// The account (this server, this id) is already in the archive and was not to be replaced.
    case alreadyAdded(ArchivingAccount)
    /// A reference names several accounts (one handle on several servers).
    case ambiguous(String, [ArchivingAccount])

    public var description: String {
        switch self {
        case .badToken(let reason): reason
        case .alreadyAdded(let account):
            "\(account.handle) on \(account.server) is already added; give --replace to store the new token"
        case .ambiguous(let reference, let accounts):
            "\(reference) names several accounts: \(accounts.listed); name the server instead"
        case .server(let error): error.description
        case .archive(let error): error.description
        }
    }
}
