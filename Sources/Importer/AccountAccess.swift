import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// One cheap request with an account's token to the server that issued it: whether the token is
/// still accepted, and the account's lists. The token goes only to that origin.
public struct AccountAccess: Sendable {
    let credentials: Credentials
    let limits: RequestLimits
    let logger: Logger

    public init(credentials: Credentials, limits: RequestLimits = RequestLimits(), logger: Logger) {
        self.credentials = credentials
        self.limits = limits
        self.logger = logger
    }

    /// `verify_credentials`: the account as the server sees it with the stored token.
    public func verify(_ account: ArchivingAccount) async throws(AccountAccessError) -> Account {
        let client = try client(for: account)
        do { return try await client.get(Accounts.verifyCredentials, as: Account.self) } catch { throw .server(error) }
    }

    /// A client for the account's own server, with its token.
    func client(for account: ArchivingAccount) throws(AccountAccessError) -> MastodonClient {
        let server: ServerAddress
        do { server = try ServerAddress(account.server) } catch {
            throw .server(.malformed(server: account.server, path: "", reason: error.description))
        }
        guard let token = credentials.token(for: account.identity, handle: account.handle) else {
            throw .noToken(account)
        }
        return MastodonClient(server: server, token: token.accessToken, limits: limits, logger: logger)
    }
}

/// Why an account's server could not be asked, or said no.
public enum AccountAccessError: Error, Sendable, CustomStringConvertible {
    /// No token is stored for the account.
    case noToken(ArchivingAccount)
    /// The account has no list with this id (the server answered 404).
    case unknownList(String, ArchivingAccount)
    case server(APIError)

    public var description: String {
        switch self {
        case .noToken(let account):
            "no access token stored for \(account.handle) on \(account.server); run `icebox account add` again"
        case .unknownList(let id, let account):
            "\(account.handle) has no list \(id) on \(account.server); see `icebox account lists`"
        case .server(let error): error.description
        }
    }
}

extension AccountAccessError {
    /// The server refused the token (401): the account must be added again.
    public var tokenRefused: Bool {
        if case .server(let error) = self { return error.isUnauthorized || error.httpStatus == 403 }
        return false
    }

    /// No answer came from the server (refused connection, timeout, TLS failure).
    public var unreachable: Bool {
        if case .server(let error) = self { return error.exitStatus == .unavailable }
        return false
    }
}
