import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// An account its server confirmed: the token answered `verify_credentials` with this account. Only such
/// an account is recorded (``AccountEnrollment/record(_:replace:)``).
public struct VerifiedAccount: Sendable {
    /// The server asked.
    public let server: ServerAddress
    let token: String
    let account: Account
}

/// The server's half of adding an account, which needs no archive: verifying a token, registering Icebox
/// and exchanging the code the user pasted. `icebox account add` asks the server first and opens (or
/// starts) the archive only for an account the server confirmed, so a mistyped server, a dead port or a
/// refused token leaves no archive behind.
public struct AccountVerification: Sendable {
    let credentials: CredentialStore
    let logger: Logger
    /// Makes the folder that holds the credentials file fit to hold it, before a new registration is saved.
    let preparingFolder: @Sendable () throws(ArchiveError) -> Void

    public init(
        credentials: CredentialStore, logger: Logger,
        preparingFolder: @escaping @Sendable () throws(ArchiveError) -> Void = {}
    ) {
        self.credentials = credentials
        self.logger = logger
        self.preparingFolder = preparingFolder
    }

    /// Asks the server (`verify_credentials`) whose account `token` is.
    public func verify(server: ServerAddress, token: String) async throws(EnrollmentError) -> VerifiedAccount {
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw .badToken("the token is empty or contains spaces")
        }
        let client = MastodonClient(server: server, token: token, logger: logger)
        do {
            let account = try await client.get(Accounts.verifyCredentials, as: Account.self)
            return VerifiedAccount(server: server, token: token, account: account)
        } catch {
            throw .server(error)
        }
    }

    /// Registers Icebox with the server (once; the registration is kept in the credentials file and
    /// reused) and returns the page where the user approves access and is shown a code.
    public func authorizationURL(server: ServerAddress, forceLogin: Bool) async throws(EnrollmentError) -> URL {
        let app = try await registeredApp(server)
        return OAuth.authorizeURL(
            server: server, clientID: app.clientID, scopes: AccountEnrollment.scopes, forceLogin: forceLogin)
    }

    /// Exchanges the code the user pasted for a token, and verifies it as `verify(server:token:)` does.
    public func exchange(server: ServerAddress, code: String) async throws(EnrollmentError) -> VerifiedAccount {
        let code = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !code.isEmpty else { throw .badToken("no authorization code given") }
        let app = try await registeredApp(server)
        let client = MastodonClient(server: server, token: nil, logger: logger)
        let token: AccessToken
        do {
            token = try await client.get(
                OAuth.token(
                    code: code, clientID: app.clientID, clientSecret: app.clientSecret,
                    scopes: AccountEnrollment.scopes), as: AccessToken.self)
        } catch {
            throw .server(error)
        }
        return try await verify(server: server, token: token.accessToken)
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
                OAuth.registerApp(name: "Icebox", scopes: AccountEnrollment.scopes),
                as: RegisteredApp.self)
        } catch {
            throw .server(error)
        }
        let app = Credentials.App(clientID: registered.clientID, clientSecret: registered.clientSecret)
        do {
            try preparingFolder()
            try credentials.update { $0.apps[server.description] = app }
        } catch {
            throw .archive(error)
        }
        return app
    }
}
