import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// How `icebox sync --recheck` went on one server.
public struct RecheckReport: Sendable, Codable, Hashable {
    /// The server's host.
    public var server: String
    /// Archived statuses asked about.
    public var checked = 0
    /// Those the server no longer has (404/410, or left out of a batch answer) and speaks for (their
    /// origin, or a server of one of the user's accounts): marked gone now.
    public var gone = 0
    /// Those the server no longer has but does not speak for (another host's posts it held a copy of):
    /// only its copy is marked gone (``DeletionAuthority``).
    public var copiesGone = 0
    /// Those that came back edited: the new version archived, the earlier one kept.
    public var updated = 0
    /// HTTP requests sent.
    public var requests = 0
    /// Whether the server answered batches (`GET /api/v1/statuses?id[]=`, Mastodon 4.3+).
    public var batched = true
    /// Why the recheck stopped early, if it did (what was checked stays marked).
    @EncodedAsNull public var error: String? = nil
}

/// Asks servers again about the archived statuses of the last days (`icebox sync --recheck`): those a
/// server no longer has are marked gone with the time (nothing is removed unless the deletion policy
/// is `redact`); those it edited are archived as a new version, the earlier kept, as a sync keeps edits.
///
/// Twenty statuses a request where the server has `GET /api/v1/statuses?id[]=` (Mastodon 4.3+); a server
/// without it (404/422 on the first batch) is asked one status at a time, within its rate budget.
public struct Rechecker: Sendable {
    /// Statuses of this many last days are rechecked unless told otherwise (`--recheck` alone).
    public static let defaultDays = 30
    /// Mastodon's limit on `id[]` per request.
    public static let batchSize = 20

    /// A recheck reads the servers as a sync does: with its archive, tokens, settings and logger.
    let sync: Synchronizer

    public init(archive: any ArchiveStore, credentials: Credentials, options: SyncOptions, logger: Logger) {
        sync = Synchronizer(archive: archive, credentials: credentials, options: options, logger: logger)
    }

    /// A recheck after `synchronizer`'s timelines, in the same rate budgets: what the sync spent of a
    /// token's budget on a server is not spent again.
    public init(after synchronizer: Synchronizer) {
        sync = synchronizer
    }

    /// Rechecks the statuses created in the last `days` days on every server Icebox reads from (with an
    /// account's token where the user has one there); one report per server.
    public func run(days: Int, now: Date = Date()) async throws(ArchiveError) -> [RecheckReport] {
        let since = Timestamp.string(now.addingTimeInterval(-Double(max(days, 0)) * 86_400))
        var reports: [RecheckReport] = []
        for client in try await clients() {
            reports.append(await recheck(client, since: since))
        }
        return reports
    }

    /// One client per server: an account's (its token goes only to the origin that issued it) or, for
    /// servers read only anonymously, one without a token.
    private func clients() async throws(ArchiveError) -> [MastodonClient] {
        var clients: [String: MastodonClient] = [:]
        for account in try await sync.archive.accounts() {
            guard let address = try? ServerAddress(account.server), clients[address.host] == nil,
                let token = sync.credentials.token(for: account.identity, handle: account.handle)
            else { continue }
            clients[address.host] = budgeted(
                MastodonClient(
                    server: address, token: token.accessToken, limits: sync.options.requestLimits,
                    logger: sync.logger))
        }
        for timeline in try await sync.archive.timelines() {
            guard let address = try? ServerAddress(timeline.server), clients[address.host] == nil else { continue }
            clients[address.host] = budgeted(
                MastodonClient(server: address, token: nil, limits: sync.options.requestLimits, logger: sync.logger))
        }
        return clients.values.sorted { $0.server.host < $1.server.host }
    }

    /// The client with every request in the run's budget of its token on its server.
    private func budgeted(_ client: MastodonClient) -> MastodonClient {
        client.budgeted(by: sync.budget(for: client).gate())
    }

    private func recheck(_ client: MastodonClient, since: String) async -> RecheckReport {
        let host = client.server.host
        var report = RecheckReport(server: host)
        var after: Int64 = 0
        // Marked a page of candidates at a time: one transaction (and, with `deletions: redact`, one merge
        // of the search index) per 500 statuses asked about; what was found before a stop is marked too.
        var gone: [Int64] = []
        do {
            while true {
                let candidates = try await sync.archive.recheckCandidates(
                    server: host, since: since, after: after, limit: 500)
                guard let last = candidates.last else { break }
                after = last.number
                for start in stride(from: 0, to: candidates.count, by: Self.batchSize) {
                    let chunk = Array(candidates[start..<min(start + Self.batchSize, candidates.count)])
                    if report.batched, try await batch(chunk, client, &report, &gone) { continue }
                    for candidate in chunk { try await single(candidate, client, &report, &gone) }
                }
                try await markGone(gone, on: host, &report)
                gone = []
            }
        } catch let error as APIError where error.isBudgetSpent {
            report.error = "paused: \(error.description); the rest is rechecked on the next run"
        } catch {
            report.error = "\(error)"
        }
        if !gone.isEmpty {
            do { try await markGone(gone, on: host, &report) } catch {
                report.error = (report.error ?? "") + "; could not mark \(gone.count) gone statuses: \(error)"
            }
        }
        return report
    }

    /// Records what `host` said is gone: the posts it speaks for are marked gone, the others' copies only.
    private func markGone(_ gone: [Int64], on host: String, _ report: inout RecheckReport) async throws(ArchiveError) {
        let outcome = try await sync.archive.markGone(gone, reportedBy: host, at: Date(), via: .recheck)
        report.gone += outcome.marked
        report.copiesGone += outcome.copiesOnly
    }

    /// Asks for a chunk at once; false when the server has no batch endpoint (it is then asked singly).
    private func batch(
        _ chunk: [RecheckCandidate], _ client: MastodonClient,
        _ report: inout RecheckReport, _ gone: inout [Int64]
    ) async throws -> Bool {
        let answer = try await Self.request(Statuses.several(ids: chunk.map(\.localID)), client)
        report.requests += 1
        if case .failure(let error) = answer, [400, 404, 405, 422].contains(error.httpStatus ?? 0) {
            sync.logger.info(
                "no batch status endpoint; asking one status at a time", metadata: ["server": "\(client.server.host)"])
            report.batched = false
            return false
        }
        let response = try answer.get()
        let decoded: DecodedStatuses
        do {
            decoded = try ArchivableStatus.decodePage(response.body, servedBy: client.server.host)
        } catch {
            throw APIError.malformed(server: client.server.host, path: "/api/v1/statuses", reason: error.description)
        }
        let served = Set(decoded.items.map(\.status.id) + decoded.unreadable.compactMap(\.id))
        try await keep(decoded.items, unreadable: decoded.unreadable, client, &report)
        gone += chunk.filter { !served.contains($0.localID) }.map(\.number)
        report.checked += chunk.count
        return true
    }

    /// Asks for one status, within the rate budget, retrying what fails transiently.
    private func single(
        _ candidate: RecheckCandidate, _ client: MastodonClient,
        _ report: inout RecheckReport, _ gone: inout [Int64]
    ) async throws {
        var attempt = 1
        while true {
            let answer = try await Self.request(Statuses.status(id: candidate.localID), client)
            report.requests += 1
            if case .failure(let error) = answer {
                if error.httpStatus == 404 || error.httpStatus == 410 {
                    report.checked += 1
                    gone.append(candidate.number)
                    return
                }
                if error.isTransient, attempt < sync.options.attempts, !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(Int64(500 * attempt)))
                    attempt += 1
                    continue
                }
            }
            let response = try answer.get()
            // One status is read as a page of one, so a status that cannot be read is kept as a page's would be.
            let decoded = try? ArchivableStatus.decodePage(
                Data("[".utf8) + response.body + Data("]".utf8),
                servedBy: client.server.host)
            try await keep(decoded?.items ?? [], unreadable: decoded?.unreadable ?? [], client, &report)
            report.checked += 1
            return
        }
    }

    /// The answer, or what went wrong with it; throws only when the budget kept the request back.
    private static func request(_ endpoint: Statuses, _ client: MastodonClient) async throws(APIError)
        -> Result<Response, APIError>
    {
        do { return .success(try await client.sendExpectingJSON(endpoint)) } catch {
            if error.isBudgetSpent { throw error }
            return .failure(error)
        }
    }

    /// Stores what the server sent back: an edit is kept as a new version, as a sync keeps it.
    private func keep(
        _ items: [ArchivableStatus], unreadable: [UnreadableStatus], _ client: MastodonClient,
        _ report: inout RecheckReport
    ) async throws {
        guard !items.isEmpty || !unreadable.isEmpty else { return }
        let origin = PageOrigin(
            server: client.server.host, authority: client.isAuthenticated ? .account : .anonymous,
            pageCursor: "recheck", readerVersion: IceboxVersion.string)
        report.updated +=
            try await sync.archive.store(items, unreadable: unreadable, origin: origin, cursor: nil).updated
        try await sync.archive.applyDeletionPolicy(afterStoring: items)
        // The counts of the accounts' own posts as their server says now: whom to ask who reacted.
        try await sync.archive.recordServedCounts(items.map(\.status), server: client.server.host)
    }
}
