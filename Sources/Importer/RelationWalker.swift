import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models

/// Walks each archiving account's relations (issue 44) after the pinned timelines, within the same
/// rate budget of its token: whom it follows, who follows it, whom it mutes and blocks, which domains it
/// blocks. Each kind is read page by page, each page stored with the next page's cursor in one
/// transaction, so memory stays flat whatever the count and a run cut short resumes where it stopped.
/// A kind whose last walk finished less than the store's `graph-every` ago costs no request.
struct RelationWalker: Sendable {
    let archive: any ArchiveStore
    let access: AccountAccess
    let logger: Logger
    /// The rate budget of a client's token on its server, shared with the timelines of this run.
    let budget: @Sendable (MastodonClient) -> RateBudget
    /// Pages per kind and run; a longer walk goes on from its cursor on the next run.
    var pagesPerRun = 2_000
    /// Entries per page (Mastodon gives at most 80 accounts).
    var pageLimit = 80

    /// Walks every kind of every account; one report per account and kind. Never throws: a failure is
    /// in its report, and the walk it cut short resumes on the next run.
    func run(accounts: [ArchivingAccount]) async -> [RelationReport] {
        let interval: TimeInterval
        do { interval = try await archive.relationWalkInterval() } catch {
            logger.error("could not read the relation walk's setting", metadata: ["error": "\(error)"])
            return []
        }
        var reports: [RelationReport] = []
        for account in accounts {
            let client: MastodonClient
            do { client = try access.client(for: account) } catch {
                reports.append(RelationReport(account: account.handle, kind: nil, error: error.description))
                continue
            }
            let rate = budget(client)
            let budgeted = client.budgeted(by: rate.gate())
            for kind in RelationKind.allCases {
                var report = RelationReport(account: account.handle, kind: kind)
                do {
                    try await walk(kind, of: account, with: budgeted, rate: rate, every: interval, into: &report)
                } catch {
                    report.error = "\(error)"
                    // `sync` prints the failure in its summary: a warning here would print it twice.
                    logger.info(
                        "the walk of \(kind.words) stopped; it goes on from there next time",
                        metadata: ["account": "\(account.handle)", "error": "\(error)"])
                }
                reports.append(report)
                // A token the server refuses is refused for every kind.
                if case .tokenRefused? = report.apiError { break }
            }
        }
        return reports
    }

    private func walk(
        _ kind: RelationKind, of account: ArchivingAccount, with client: MastodonClient, rate: RateBudget,
        every interval: TimeInterval, into report: inout RelationReport
    ) async throws {
        guard var walk = try await archive.relationWalk(account: account.id, kind: kind, every: interval) else {
            report.upToDate = true
            return
        }
        let endpoint = Self.endpoint(kind, of: account)
        var cursors = Set(walk.cursor.map { [$0] } ?? [])
        for _ in 0..<pagesPerRun {
            if await rate.isDown {
                report.deferred = true
                return
            }
            let page: Page<Data>
            do {
                page = try await client.relations(endpoint, cursor: PageCursor(maxID: walk.cursor, limit: pageLimit))
            } catch {
                report.apiError = error
                throw error
            }
            let entries = page.items.compactMap { Self.entry($0, kind: kind, server: client.server.host) }
            var readable = entries.count == page.items.count
            var next = page.next
            if let cursor = next, !cursors.insert(cursor).inserted {
                // Pages that lead back to one already read never end: what was read is kept, and this walk
                // ends nothing.
                logger.warning(
                    "the pages of \(kind.words) lead back to one already read; stopped there",
                    metadata: ["account": "\(account.handle)", "server": "\(client.server.host)"])
                readable = false
                next = nil
                report.looped = true
            }
            if page.items.isEmpty, next != nil {
                // An empty page that says more follow cannot be the end of the list: it ends nothing.
                readable = false
                next = nil
            }
            report.unreadable += page.items.count - entries.count
            guard
                let new = try await archive.storeRelationPage(
                    entries, account: account.id, kind: kind, walk: walk, next: next, readable: readable)
            else {
                // Another worker of a shared store finished this walk or began the next: it goes on there.
                report.deferred = true
                return
            }
            report.new += new
            report.seen += entries.count
            report.pages += 1
            guard let next else {
                report.ended = try await archive.finishRelationWalk(account: account.id, kind: kind, walk: walk)
                report.complete = true
                return
            }
            walk.cursor = next
        }
    }

    static func endpoint(_ kind: RelationKind, of account: ArchivingAccount) -> Relations {
        switch kind {
        case .following: .following(accountID: account.remoteID)
        case .followers: .followers(accountID: account.remoteID)
        case .mutes: .mutes
        case .blocks: .blocks
        case .domainBlocks: .domainBlocks
        }
    }

    /// One entry as the archive keeps it: an account (its handle as `server` names it), or a domain;
    /// nil when it is neither.
    static func entry(_ raw: Data, kind: RelationKind, server: String) -> RelationEntry? {
        if kind == .domainBlocks {
            guard let domain = try? JSONDecoder().decode(String.self, from: raw) else { return nil }
            let name = domain.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty, name.utf8.count <= 253, name.unicodeScalars.allSatisfy(Self.domainScalars.contains)
            else { return nil }
            return RelationEntry(target: name, targetID: nil, url: nil, displayName: "", raw: nil)
        }
        guard let account = try? JSONDecoder().decode(Account.self, from: raw) else { return nil }
        return RelationEntry(
            target: account.fullHandle(servedBy: server), targetID: account.id, url: account.url,
            displayName: account.displayName, raw: raw)
    }

    /// What a domain (or its `*.` wildcard) is written with; anything else is not a domain.
    private static let domainScalars = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-.*:"
    ).union(.letters)
}

/// What a sync's relation walk did for one account and kind.
public struct RelationReport: Sendable, Codable, Hashable {
    /// The archiving account's handle.
    public var account: String
    /// The kind walked; nil when the account's server could not be asked at all.
    @EncodedAsNull public var kind: RelationKind?
    /// Entries read this run, and how many were new to the ledger.
    public var seen = 0
    public var new = 0
    /// Relations a whole walk no longer found, ended this run.
    public var ended = 0
    /// Entries that could not be read (the walk then ends nothing).
    public var unreadable = 0
    /// The server's pages led back to one already read (the walk then ends nothing).
    public var looped = false
    /// Pages read this run.
    public var pages = 0
    /// The walk read its last page this run (it ended what it no longer saw only when every entry could
    /// be read and its pages did not loop: `unreadable` says so).
    public var complete = false
    /// The last walk finished within `graph-every`: nothing was asked.
    public var upToDate = false
    /// The rate budget was down to what the timelines and other apps keep, or another worker of a shared
    /// store took the walk over: it goes on next run (or there).
    public var deferred = false
    @EncodedAsNull public var error: String?
    var apiError: APIError?

    init(account: String, kind: RelationKind?, error: String? = nil) {
        self.account = account
        self.kind = kind
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case account, kind, seen, new, ended, unreadable, looped, pages, complete, error
        case upToDate = "up_to_date"
        case deferred
    }
}
