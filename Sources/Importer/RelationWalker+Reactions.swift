import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models

/// Asking each archiving account's own server who favourited and who boosted the account's own posts
/// whose counts changed since it last asked (issue 44, opt-in: `icebox config reactions on`), after the
/// pinned timelines and the relation walk, within the same rate budget of its token. A server speaks
/// only for what it owns: an account's server is asked about that account's posts alone, by their ids
/// there, and what it says is kept as its word about them. Bounded: `reactionPostsPerRun` posts,
/// `reactionPagesPerPost` pages of each list, each answer bounded in bytes by the client's limits. A post
/// whose counts have not moved costs no request.
extension RelationWalker {
    /// Posts asked about per account and run, and pages read of each of their lists.
    static let reactionPostsPerRun = 200
    static let reactionPagesPerPost = 5

    /// Asks about every account's posts; one report per account. Never throws: a failure is in its
    /// report, and what it did not ask is asked next run.
    func askReactions(accounts: [ArchivingAccount]) async -> [ReactionReport] {
        var reports: [ReactionReport] = []
        for account in accounts {
            var report = ReactionReport(account: account.handle)
            do {
                let client = try access.client(for: account)
                let rate = budget(client)
                try await ask(account, client.budgeted(by: rate.gate()), rate: rate, into: &report)
            } catch {
                report.error = "\(error)"
                logger.info(
                    "asking who reacted to the account's posts stopped; it goes on next time",
                    metadata: ["account": "\(account.handle)", "error": "\(error)"])
            }
            reports.append(report)
        }
        return reports
    }

    private func ask(
        _ account: ArchivingAccount, _ client: MastodonClient, rate: RateBudget, into report: inout ReactionReport
    ) async throws {
        let posts = try await archive.reactionCandidates(
            of: account, server: client.server.host, limit: Self.reactionPostsPerRun)
        for post in posts {
            // The counts asked about, by type: only the lists whose count moved are asked.
            var asked: [String: Int64] = [:]
            let lists: [(type: String, endpoint: Relations, count: Int64, moved: Bool)] = [
                ("favourite", .favouritedBy(statusID: post.serverID), post.favourites, post.favouritesMoved),
                ("reblog", .rebloggedBy(statusID: post.serverID), post.reblogs, post.reblogsMoved),
            ]
            do {
                for list in lists where list.moved {
                    guard
                        try await self.list(
                            list.endpoint, list.type, of: post, account, client, rate: rate, into: &report)
                    else { return }
                    asked[list.type] = list.count
                }
            } catch let error as APIError where error.httpStatus == 404 || error.httpStatus == 410 {
                // The post is gone from its server, or not its to show: asked, until its counts move again.
                logger.info(
                    "the server no longer shows who reacted to a post", metadata: ["uri": "\(post.uri)"])
                asked = ["favourite": post.favourites, "reblog": post.reblogs]
            }
            try await archive.markReactionsAsked(
                account: account.id, statusURI: post.uri, favourites: asked["favourite"], reblogs: asked["reblog"])
            report.posts += 1
        }
    }

    /// Reads `endpoint`'s pages of `post` and keeps the accounts they list as `type`; false when the rate
    /// budget is down (the post is asked about again next run).
    private func list(
        _ endpoint: Relations, _ type: String, of post: ReactionCandidate, _ account: ArchivingAccount,
        _ client: MastodonClient, rate: RateBudget, into report: inout ReactionReport
    ) async throws -> Bool {
        var cursor: String?
        var cursors = Set<String>()
        for _ in 0..<Self.reactionPagesPerPost {
            if await rate.isDown {
                report.deferred = true
                return false
            }
            let page: Page<Data>
            do {
                page = try await client.relations(endpoint, cursor: PageCursor(maxID: cursor, limit: pageLimit))
            } catch {
                report.apiError = error
                throw error
            }
            let entries = page.items.compactMap { raw -> ReactionEntry? in
                guard let account = try? JSONDecoder().decode(Account.self, from: raw) else { return nil }
                return ReactionEntry(
                    acct: account.fullHandle(servedBy: client.server.host), displayName: account.displayName, raw: raw)
            }
            report.new += try await archive.keepReactions(entries, account: account.id, statusURI: post.uri, type: type)
            report.seen += entries.count
            report.pages += 1
            // The last page, an empty one, or pages that lead back to one already read: done.
            guard let next = page.next, !page.items.isEmpty, cursors.insert(next).inserted else { return true }
            cursor = next
        }
        report.truncated += 1
        return true
    }
}
