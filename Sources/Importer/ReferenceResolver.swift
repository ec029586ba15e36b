import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// What resolving an account's references did (`icebox import … --resolve`).
public struct ResolveReport: Sendable, Hashable, Codable {
    /// The account whose favourites, bookmarks and boosts were resolved.
    public var account: String
    /// The server asked (the account's own).
    public var server: String
    /// Statuses named only by uri when it began.
    public var asked = 0
    /// Of those, statuses the server sent and the archive now holds.
    public var archived = 0
    /// Statuses the server could not find or fetch (deleted, or their server is gone).
    public var notFound = 0
    /// Statuses the server sent that could not be read, kept with their bytes.
    public var unreadable = 0
    /// Uris whose request failed (each named in the log); they stay references for a later run.
    public var failed = 0
    /// Why resolving stopped before the end (the token refused, the server gone, the rate limit), if it did.
    public var stopped: String?
}

/// Why an account's references could not be resolved at all.
public struct ResolveError: Error, Sendable, CustomStringConvertible, ExitStatusReporting {
    public var description: String
    /// The exit status that fits (no account or token: 77; the store: its own).
    public var exitStatus: ExitStatus
}

/// Fetches the statuses an import named only by uri (an account's favourites, bookmarks and boosts, and
/// the other servers' posts its replies answer) from
/// the account's own server, with its token, through the search API's `resolve` (the server fetches a
/// post from its origin when it does not have it), and archives them. A resolved reference becomes a
/// status like a synced one: searchable, showable, exportable, marked favourited or bookmarked.
///
/// One uri that fails never stops the others; a refused token, an unreachable server or a rate limit
/// that would not refill in time stops the run (what is archived stays, the rest stays references).
public struct ReferenceResolver: Sendable {
    let archive: any ArchiveStore
    let credentials: Credentials
    let logger: Logger
    /// Requests of the server's advertised budget left for the user's other apps.
    public var rateReserve = 50
    /// The longest wait for the budget to refill before stopping (the rest waits for the next run).
    public var maxRateWait: Duration = .seconds(600)
    public var limits = RequestLimits()

    public init(archive: any ArchiveStore, credentials: Credentials, logger: Logger) {
        self.archive = archive
        self.credentials = credentials
        self.logger = logger
    }

    /// Resolves every reference of `handle` (`user@host`, as the import named the account) that the
    /// archive does not hold as a status yet. `progress` hears the count done after each.
    public func resolve(
        account handle: String,
        progress: @Sendable (_ done: Int, _ of: Int) -> Void = { _, _ in }
    ) async throws(ResolveError) -> ResolveReport {
        let (account, plain) = try await access(handle)
        let uris = try await pending(of: handle)
        var report = ResolveReport(account: account.handle, server: account.server, asked: uris.count)
        let budget = RateBudget(server: plain.server.host, reserve: rateReserve, maxWait: maxRateWait, logger: logger)
        // Every request of the client waits in the budget and reports its answer to it.
        let client = plain.budgeted(by: budget.gate())
        let origin = PageOrigin(server: client.server.host, authority: .account, readerVersion: IceboxVersion.string)
        resolving: for (done, uri) in uris.enumerated() {
            for attempt in 1...3 {
                do {
                    let resolved = try await client.resolveStatus(uri: uri)
                    guard !resolved.found.items.isEmpty || !resolved.found.unreadable.isEmpty else {
                        report.notFound += 1
                        break
                    }
                    let stored = try await archive.store(
                        resolved.found.items, unreadable: resolved.found.unreadable,
                        origin: origin, cursor: nil)
                    try await archive.applyDeletionPolicy(afterStoring: resolved.found.items)
                    report.archived += resolved.found.items.count
                    report.unreadable += stored.unreadable
                    break
                } catch let error as APIError where error.isBudgetSpent {
                    report.stopped = error.description
                    break resolving
                } catch let error as APIError where error.isRateLimited && attempt < 3 {
                    // 429: wait for the reset the server names (a minute when it names none), then ask again.
                    let reset: Date? = if case .rateLimited(_, _, let reset) = error { reset } else { nil }
                    do { try await budget.waitAfterTooManyRequests(reset, fallback: .seconds(60)) } catch {
                        report.stopped = error.description
                        break resolving
                    }
                } catch let error as APIError
                    where error.isUnauthorized || error.httpStatus == 403
                    || error.exitStatus == .unavailable
                {
                    report.stopped = error.description
                    break resolving
                } catch let error as APIError where error.httpStatus == 404 || error.httpStatus == 410 {
                    report.notFound += 1
                    break
                } catch {
                    logger.warning("could not resolve a status", metadata: ["uri": "\(uri)", "error": "\(error)"])
                    report.failed += 1
                    break
                }
            }
            progress(done + 1, uris.count)
        }
        return report
    }

    /// The archiving account the import named, and a client for its server with its token.
    private func access(_ handle: String) async throws(ResolveError) -> (ArchivingAccount, MastodonClient) {
        let accounts: [ArchivingAccount]
        do { accounts = try await archive.accounts() } catch {
            throw ResolveError(description: error.description, exitStatus: error.exitStatus)
        }
        guard let account = accounts.first(where: { $0.handle.lowercased() == handle.lowercased() }) else {
            let host = handle.split(separator: "@").last.map(String.init) ?? handle
            throw ResolveError(
                description: "--resolve needs the account \(handle) with its token: "
                    + "run `icebox account add \(host)` first", exitStatus: .noPermission)
        }
        do {
            return (
                account,
                try AccountAccess(credentials: credentials, limits: limits, logger: logger).client(for: account)
            )
        } catch {
            throw ResolveError(description: error.description, exitStatus: .noPermission)
        }
    }

    /// The uris the archive does not hold that `handle`'s references name, and the posts its archived
    /// replies answer by uri; each once, in a fixed order.
    private func pending(of handle: String) async throws(ResolveError) -> [String] {
        do {
            var seen = Set<String>()
            var uris: [String] = []
            for reference in try await archive.references(kind: nil)
            where !reference.resolved && reference.accountHandle.lowercased() == handle.lowercased()
                && seen.insert(reference.uri).inserted
            {
                uris.append(reference.uri)
            }
            for uri in try await archive.missingParents(of: handle) where seen.insert(uri).inserted { uris.append(uri) }
            return uris
        } catch {
            throw ResolveError(description: error.description, exitStatus: error.exitStatus)
        }
    }
}
