import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// Adding the user's accounts: with a token they already have, or through the out-of-band OAuth flow
/// (register Icebox once per server, the user approves in a browser and pastes the code). What is asked of
/// the server is ``AccountVerification``'s; this records what it confirmed.
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

    /// Verifies the token with `verify_credentials` (``AccountVerification/verify(server:token:)``), then
    /// records the account as `record(_:replace:)` does.
    public func add(
        server: ServerAddress, token: String,
        replace: @Sendable (ArchivingAccount) async -> Bool = { _ in false }
    )
        async throws(EnrollmentError) -> ArchivingAccount
    {
        let verified = try await AccountVerification(credentials: credentials, logger: logger)
            .verify(server: server, token: token)
        return try await record(verified, replace: replace)
    }

    /// Stores an account its server confirmed (and the token, in the credentials file only). The account
    /// is the server asked plus the id it answered; the handle it reported is kept as a label, so a server
    /// claiming another's handle adds an account of its own and never receives, nor replaces, another
    /// account's token. When this account was already added, `replace` decides (it may ask the user);
    /// refusing throws `.alreadyAdded`.
    public func record(
        _ verified: VerifiedAccount, replace: @Sendable (ArchivingAccount) async -> Bool = { _ in false }
    ) async throws(EnrollmentError) -> ArchivingAccount {
        let server = verified.server
        let account = verified.account
        let handle = account.fullHandle(servedBy: server.host)
        let identity = AccountIdentity(origin: server.description, remoteID: account.id)
        let existing: ArchivingAccount?
        do { existing = try await archive.account(identity) } catch { throw .archive(error) }
        if let existing, await !replace(existing) { throw .alreadyAdded(existing) }
        do {
            try credentials.update { $0.setToken(verified.token, for: identity, handle: handle) }
            return try await archive.addAccount(
                handle: handle, server: server.description, remoteID: account.id,
                username: account.username, displayName: account.displayName,
                url: account.url)
        } catch {
            throw .archive(error)
        }
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
