import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// What completing a thread from its server did.
public struct ThreadFetchReport: Sendable, Hashable, Codable {
    /// The server asked.
    public var server: String
    /// Statuses the server sent (ancestors and descendants).
    public var fetched: Int
    /// Of those, statuses the archive did not have, and edits it had not seen.
    public var new: Int
    public var updated: Int
    /// Statuses the server sent that could not be read, kept with their bytes.
    public var unreadable = 0
    /// Archived statuses of the thread that the server now answers 404 or 410 for (kept, marked gone).
    public var gone: Int
}

/// Why a thread could not be completed; names the server and the status.
public struct ThreadFetchError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The server's answer that stopped it, when that was the reason (it decides the exit status: a
    /// server that does not answer like Mastodon is not one that cannot be reached).
    public var apiError: APIError?
    public var description: String { message }

    public init(message: String, apiError: APIError? = nil) {
        self.message = message
        self.apiError = apiError
    }
}

/// Completes an archived thread from `/api/v1/statuses/:id/context` on a server that knows the status
/// (with the archiving account's token when Icebox has one there, else anonymously), archives what
/// it sends, and marks as gone the thread's statuses that the server says no longer exist.
public struct ThreadFetcher: Sendable {
    let archive: any ArchiveStore
    let credentials: Credentials
    let timeout: TimeInterval
    let logger: Logger
    /// At most this many archived statuses missing from the context are asked for one by one.
    let maxChecks = 200
    /// Requests of the server's advertised budget left for the user's other apps: checking stops
    /// (and says so) rather than spend them.
    let rateReserve = 50

    public init(archive: any ArchiveStore, credentials: Credentials, timeout: TimeInterval = 30, logger: Logger) {
        self.archive = archive
        self.credentials = credentials
        self.timeout = timeout
        self.logger = logger
    }

    /// Fetches the context of status `number` and archives it.
    public func complete(around number: Int64) async throws(ThreadFetchError) -> ThreadFetchReport {
        let (client, localID, host) = try await client(for: number)
        var report = ThreadFetchReport(server: host, fetched: 0, new: 0, updated: 0, gone: 0)
        var seen: Set<String> = []
        do {
            let context = try await client.context(ofStatus: localID)
            let statuses = context.statuses
            let origin = PageOrigin(
                server: host, authority: client.isAuthenticated ? .account : .anonymous,
                readerVersion: IceboxVersion.string)
            let stored = try await archive.store(statuses, unreadable: context.unreadable, origin: origin, cursor: nil)
            try await archive.applyDeletionPolicy(afterStoring: statuses)
            report.fetched = statuses.count + context.unreadable.count
            report.new = stored.new
            report.updated = stored.updated
            report.unreadable = stored.unreadable
            seen = Set(statuses.map(\.status.post.archiveURI))
        } catch let error as APIError where error.httpStatus == 404 || error.httpStatus == 410 {
            report.gone += try await markGone(number, reportedBy: host)
            logger.info("\(host) no longer has the status asked about; its thread is checked status by status")
        } catch let error as APIError {
            throw ThreadFetchError(message: "completing the thread from \(host): \(error)", apiError: error)
        } catch {
            throw ThreadFetchError(message: "archiving the thread from \(host): \(error)")
        }
        report.gone += try await checkMissing(around: number, seen: seen, client: client, host: host)
        return report
    }

    /// Asks one by one for the thread's archived statuses the context did not include (beyond the
    /// server's cap, deleted, or never there) and marks those answered 404/410 as gone.
    private func checkMissing(
        around number: Int64, seen: Set<String>, client: MastodonClient,
        host: String
    ) async throws(ThreadFetchError) -> Int {
        let tree: ThreadTree
        let records: [ExportRecord]
        do {
            tree = try await archive.thread(around: number)
            records = try await archive.exportRecords(tree.numbers)
        } catch { throw ThreadFetchError(message: error.description) }
        let unseen = records.filter { $0.number != tree.focus && $0.goneAt == nil && !seen.contains($0.uri) }
        if unseen.count > maxChecks {
            logger.warning("\(unseen.count) statuses missing from the context; checking \(maxChecks)")
        }
        var gone = 0
        for record in unseen.prefix(maxChecks) {
            guard let id = try await localIDs(of: record.number).first(where: { $0.server == host })?.localID else {
                continue
            }
            do {
                _ = try await client.sendExpectingJSON(Statuses.status(id: id))
            } catch  where error.isBudgetSpent {
                logger.warning(
                    "\(host) is down to the requests kept for other apps; the remaining statuses of the thread are not checked"
                )
                break
            } catch  where error.httpStatus == 404 || error.httpStatus == 410 {
                gone += try await markGone(record.number, reportedBy: host)
            } catch {
                throw ThreadFetchError(message: "checking \(record.uri) on \(host): \(error)", apiError: error)
            }
        }
        return gone
    }

    /// A client for a server that knows the status: one with an archiving account's token first.
    private func client(for number: Int64) async throws(ThreadFetchError) -> (MastodonClient, String, String) {
        let ids = try await localIDs(of: number)
        let servers: [String]
        do {
            servers = try await archive.accounts().map(\.server) + archive.timelines().map(\.server)
        } catch { throw ThreadFetchError(message: error.description) }
        let addresses = servers.compactMap { try? ServerAddress($0) }
        let withToken = Dictionary(
            credentials.tokens.values.compactMap { token in
                (try? ServerAddress(token.server)).map { ($0.host, token.accessToken) }
            }, uniquingKeysWith: { first, _ in first })
        // A server with a token first; a server that already said its copy is gone last.
        let rank = { (id: ServerStatusID) in (withToken[id.server] != nil ? 0 : 2) + (id.goneAt == nil ? 0 : 1) }
        let ranked = ids.sorted { rank($0) < rank($1) }
        guard let chosen = ranked.first else {
            throw ThreadFetchError(message: "status \(number) has no server id in the archive to ask its server with")
        }
        let address: ServerAddress
        if let known = addresses.first(where: { $0.host == chosen.server }) {
            address = known
        } else {
            do { address = try ServerAddress(chosen.server) } catch {
                throw ThreadFetchError(message: error.description)
            }
        }
        let client = MastodonClient(server: address, token: withToken[chosen.server], timeout: timeout, logger: logger)
        // Every request within the server's budget, the reserve kept; no waiting for a reset here.
        let budget = RateBudget(server: address.host, reserve: rateReserve, maxWait: .zero, logger: logger)
        return (client.budgeted(by: budget.gate()), chosen.localID, chosen.server)
    }

    /// The ids servers gave the status: one only a file named is never asked about (a server's "no such
    /// status" would be about another post, or none).
    private func localIDs(of number: Int64) async throws(ThreadFetchError) -> [ServerStatusID] {
        do { return try await archive.serverIDs(of: number).filter { !$0.fromFile } } catch {
            throw ThreadFetchError(message: error.description)
        }
    }

    /// Records that `host` answered 404/410 for the status: marked gone when `host` speaks for it,
    /// otherwise only `host`'s copy (``DeletionAuthority``). Returns 1 when the status was marked.
    private func markGone(_ number: Int64, reportedBy host: String) async throws(ThreadFetchError) -> Int {
        do {
            return try await archive.markGone(number, reportedBy: host, via: .fetch).marked
        } catch { throw ThreadFetchError(message: error.description) }
    }
}
