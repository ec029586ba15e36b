import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models

/// Walks each archiving account's relations (issue 44) after the pinned timelines, within the same
/// rate budget of its token: whom it follows, who follows it, whom it mutes, blocks and endorses, which
/// domains it blocks, which hashtags it follows and features, its lists with their members, and its
/// private notes (with each follow's settings). Each kind is read page by page, each page stored with the next page's cursor in one
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
            for kind in RelationKind.walked {
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
        let context = WalkContext(account: account, client: client, rate: rate)
        switch kind {
        case .lists: try await walkLists(&walk, context, into: &report)
        case .notes: try await walkNotes(&walk, context, into: &report)
        default:
            let endpoint = Self.endpoint(kind, of: account)
            var cursors = Set(walk.cursor.map { [$0] } ?? [])
            for _ in 0..<pagesPerRun {
                if await rate.isDown {
                    report.deferred = true
                    return
                }
                let step = try await page(
                    endpoint, at: walk.cursor, kind: kind, walk: walk, context, cursors: &cursors, into: &report
                ) { $0 }
                guard case .stored(let next) = step else { return }
                guard let next else { return try await finish(kind, walk, context, into: &report) }
                walk.cursor = next
            }
        }
    }

    /// What a walk of one account goes on with.
    struct WalkContext {
        let account: ArchivingAccount
        let client: MastodonClient
        let rate: RateBudget
    }

    /// What reading and storing a page came to.
    enum Step {
        /// Stored, with the walk's next cursor (nil: the walk read its last page).
        case stored(String?)
        /// Another worker of a shared store finished this walk or began the next: it goes on there.
        case takenOver
    }

    /// Reads the page of `endpoint` at `maxID` and stores its entries as `kind` (members of `list` for
    /// a list's members) with the walk's next cursor, which `walkCursor` makes of the page's own next
    /// `max_id` (nil on its last page). Pages that lead back to one already read, an empty page that
    /// says more follow, or an entry that cannot be read: what was read is kept, and the walk ends nothing.
    func page(
        _ endpoint: Relations, at maxID: String?, kind: RelationKind, list: String = "", walk: RelationWalk,
        _ context: WalkContext, paged: Bool = true, cursors: inout Set<String>, into report: inout RelationReport,
        walkCursor: (String?) async throws -> String?
    ) async throws -> Step {
        let client = context.client
        let page: Page<Data>
        do {
            page = try await client.relations(
                endpoint, cursor: PageCursor(maxID: maxID, limit: paged ? pageLimit : nil))
        } catch {
            report.apiError = error
            throw error
        }
        let entries = page.items.compactMap { Self.entry($0, kind: kind, server: client.server.host) }.map {
            var entry = $0
            entry.list = list
            return entry
        }
        var readable = entries.count == page.items.count
        var next = page.next
        if let cursor = next, !cursors.insert(list + " " + cursor).inserted {
            logger.warning(
                "the pages of \(kind.words) lead back to one already read; stopped there",
                metadata: ["account": "\(context.account.handle)", "server": "\(client.server.host)"])
            readable = false
            next = nil
            report.looped = true
        }
        if page.items.isEmpty, next != nil {
            readable = false
            next = nil
        }
        report.unreadable += page.items.count - entries.count
        let after = try await walkCursor(next)
        guard
            let new = try await archive.storeRelationPage(
                entries, account: context.account.id, kind: kind, walk: walk, next: after, readable: readable)
        else {
            report.deferred = true
            return .takenOver
        }
        report.new += new
        report.seen += entries.count
        report.pages += 1
        return .stored(after)
    }

    /// Finishes a walk that read its last page: what it no longer saw ends when it read every entry.
    func finish(
        _ kind: RelationKind, _ walk: RelationWalk, _ context: WalkContext, into report: inout RelationReport
    ) async throws {
        report.ended = try await archive.finishRelationWalk(account: context.account.id, kind: kind, walk: walk)
        report.complete = true
    }

    static func endpoint(_ kind: RelationKind, of account: ArchivingAccount) -> Relations {
        switch kind {
        case .following: .following(accountID: account.remoteID)
        case .followers: .followers(accountID: account.remoteID)
        case .mutes: .mutes
        case .blocks: .blocks
        case .domainBlocks: .domainBlocks
        case .endorsements: .endorsements
        case .followedTags: .followedTags
        case .featuredTags: .featuredTags
        case .lists: .lists
        // Walked with their lists, and by batches of accounts: never by this.
        case .listMembers, .notes: .lists
        }
    }
}
