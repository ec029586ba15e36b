import ArchiveCore
import Display
import Export
import Foundation
import Logging
import MediaFiles
import Router

/// The archive as pages: each path is a route of the route enum (`RouterDestination(path:)`, the same
/// paths the REPL prints), plus `/`, `/stats`, `/notifications`, `/conversations`, `/metrics`, `/search` without a query (and `/media/<hash>`,
/// streamed: `media(_:context:)`).
/// It only reads: the store it is given is opened read-only.
struct Reader: Sendable {
    let store: any ArchiveStore
    let media: MediaLayout
    let version: String
    /// How far a page's total is counted (see `ReaderConfiguration.countLimit`); `nil`: exactly.
    let countLimit: Int?
    let logger: Logger
    /// What the request guard refused, for `/metrics`.
    let refusals: RefusalCounts
    /// The last read positions the API's tokens set (`/api/v1/markers`), in the archive folder.
    let markers: APIMarkerStore
    /// The totals counted so far, while the store has not changed.
    let counts = CountCache()
    /// The media files found to hold the bytes their name says (`/media/`).
    let verifier = MediaVerifier()
    /// What signs the media addresses the Mastodon API hands to apps.
    let mediaCapability = MediaCapability()

    /// Statuses a page shows.
    static let pageSize = 20

    /// The answer for a path and its query; JSON (the CLI's records) when `wantsJSON`.
    func reply(to path: String, query: String, wantsJSON: Bool) async -> Reply {
        let request = PageRequest(path: path, query: query, wantsJSON: wantsJSON)
        do {
            switch path {
            case "/": return try await home(request)
            case "/stats": return try await statsPage(request)
            case "/conversations": return try await conversationsPage(request)
            case "/metrics": return try await metrics()
            case "/notifications": return try await notificationsPage(request)
            case "/search" where request.value("q")?.isEmpty ?? true: return searchForm(request)
            default: break
            }
            // A search's query may carry more than `q` (`page`, `all`): its route is read from `q` alone, and
            // every other route from its path (`page` is the reader's, not the route's).
            if path == "/search", let text = request.value("q") {
                return try await route(.searchResults(query: text), request)
            }
            guard let destination = RouterDestination(path: path) else {
                return notFound("No such page: \(path)", request)
            }
            return try await route(destination, request)
        } catch {
            return failed(path, error, request)
        }
    }

    /// The answer to a page whose store work failed: a 500 naming nothing of the archive (the log says why).
    func failed(_ path: String, _ error: any Error, _ request: PageRequest) -> Reply {
        if let failure = error as? PageFailure { return failure.reply(request, version: version) }
        logger.error("serve: \(path): \(error)")
        return PageFailure(
            status: .internalServerError, message: "The archive could not answer; the reader's log (stderr) says why."
        )
        .reply(request, version: version)
    }

    private func route(_ destination: RouterDestination, _ request: PageRequest) async throws -> Reply {
        switch destination {
        case .statusDetail(let id):
            guard let number = try await StatusReference.resolve(id, in: store) else {
                throw PageFailure(status: .notFound, message: "Status \(id) is not in the archive.")
            }
            return try await thread(number, request)
        case .statusDetailWithStatus(let status):
            return try await route(.statusDetail(id: status.uri), request)
        case .remoteStatusDetail(let url):
            guard let number = try await StatusReference.resolve(link: url, in: store) else {
                throw PageFailure(status: .notFound, message: "\(url.absoluteString) is not in the archive.")
            }
            return try await thread(number, request)
        case .accountDetail(let id):
            guard id.contains("@") else {
                throw PageFailure(status: .notFound, message: "Give a full handle, user@host, not \(id).")
            }
            let history = request.wantsJSON ? HTML() : try await profileHistory(of: id)
            return try await listing(.author(id), title: destination.title, request, note: history)
        case .accountDetailWithAccount(let account):
            return try await route(.accountDetail(id: account.acct), request)
        case .hashTag(let tag, let account):
            return try await listing(.tag(tag, author: account), title: destination.title, request)
        case .pinnedTimeline where destination.timelineSpec == .conversations:
            // What the conversations timeline keeps is its conversations, each with its last status.
            return try await conversationsPage(request)
        case .pinnedTimeline, .list:
            return try await timeline(destination, request)
        case .searchResults(let text):
            return try await search(text, request)
        case .conversationDetail(let id):
            return try await conversation(id, request)
        case .following, .followers, .favoritedBy, .rebloggedBy, .accountsList:
            return try await people(destination, request)
        }
    }

    /// The counts `count` gives, from `counts` while the store has not changed since they were counted.
    /// `bound`: how far `count` counts (nil: exactly), part of what is kept; the answer says how far the
    /// counts it gives were counted (an exact count kept answers a bounded question).
    func cachedCounts(
        _ question: String, consent: ConsentPolicy, bound: Int? = nil,
        _ count: @escaping @Sendable () async throws -> [Int]
    ) async throws -> CountCache.Counted {
        let token = try await store.changeToken()
        let key = CountCache.Key(question: question, consent: consent, bound: bound)
        return try await counts.counts(key, token: token, count: count)
    }

    /// How far the totals of `request` are counted: one past `countLimit` (so that "more than N" is
    /// known), none when the page asks for the exact count (`count=all`) or serve counts exactly.
    func countBound(_ request: PageRequest) -> Int? {
        guard !request.countsAll, let countLimit else { return nil }
        return countLimit + 1
    }

    private func notFound(_ message: String, _ request: PageRequest) -> Reply {
        PageFailure(status: .notFound, message: message).reply(request, version: version)
    }
}
