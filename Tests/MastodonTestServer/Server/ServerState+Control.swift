import Foundation

/// Mutation and inspection operations behind ``TestServer``'s public API and `/__admin`.
extension ServerState {
    func addStatuses(_ count: Int) -> [String] {
        let ids = store.addStatuses(count)
        publishUpdates(ids)
        return ids
    }

    func addStatus(
        username: String, mediaPaths: [String], description: String?, text: String?,
        inReplyTo: String?, visibility: String = "public", tags: [String] = [],
        mentioning: [String] = []
    ) -> String? {
        guard let visibility = Visibility(rawValue: visibility) else { return nil }
        let id = store.addStatus(
            username: username, mediaPaths: mediaPaths, description: description, text: text,
            inReplyTo: inReplyTo, visibility: visibility, tags: tags, mentioning: mentioning)
        publishUpdates(id.map { [$0] } ?? [])
        return id
    }

    func setSearchOptOut(username: String, indexable: Bool, noindex: Bool, note: String?) -> Bool {
        guard let index = store.accountIndex(username: username) else { return false }
        store.accounts[index].indexable = indexable
        store.accounts[index].noindex = noindex
        if let note { store.accounts[index].note = note }
        return true
    }

    func addBoost(of statusID: String, username: String) -> String? {
        let id = store.addBoost(of: statusID, username: username)
        publishUpdates(id.map { [$0] } ?? [])
        return id
    }

    func addBackdatedStatuses(_ count: Int, secondsAgo: TimeInterval) -> [String] {
        let ids = store.addBackdatedStatuses(count, secondsAgo: secondsAgo)
        publishUpdates(ids)
        return ids
    }

    func editStatus(id: String, content: String, spoilerText: String?) -> Bool {
        let edited = store.editStatus(
            id: id, content: content, spoilerText: spoilerText,
            at: max(Date(), store.clock.addingTimeInterval(1)))
        if edited { publishEdit(id) }
        return edited
    }

    func deleteStatus(id: String) -> Bool {
        let boosts = store.order.filter { store.statuses[$0]?.reblogOf == id }
        guard store.deleteStatus(id: id) else { return false }
        publishDeletes([id] + boosts)
        return true
    }

    func setToken(_ token: String, username: String) -> Bool {
        guard let index = store.accountIndex(username: username) else { return false }
        tokens[token] = index
        return true
    }

    func removeToken(_ token: String) { tokens[token] = nil }

    func setRateLimit(_ limit: RateLimit) {
        config.rateLimit = limit
        limiter = RateLimiter(limit)
    }

    func resetRateLimits() { limiter.reset() }

    func setTimelinesAccess(_ access: TimelinesAccess) { config.timelinesAccess = access }

    func setFaults(_ faults: Faults) {
        config.faults = faults
        injector = FaultInjector(faults)
    }

    func setHomeFeedLimit(_ limit: Int?) { config.homeFeedLimit = limit }

    func clearRequestLog() { log.removeAll() }

    func bookmark(statusID: String, username: String) -> Int? {
        guard store.statuses[statusID] != nil, let owner = store.accountIndex(username: username) else { return nil }
        return store.addBookmark(statusID: statusID, owner: owner)
    }

    func favourite(statusID: String, username: String) -> Int? {
        guard store.statuses[statusID] != nil, let owner = store.accountIndex(username: username) else { return nil }
        return store.addFavourite(statusID: statusID, owner: owner)
    }

    /// Every status id a timeline holds (newest first), ignoring paging and access policy.
    func hasStatus(id: String) -> Bool { store.statuses[id] != nil }

    func timelineIDs(_ timeline: Timeline) -> [String] {
        switch timeline {
        case .home(let user):
            return store.accountIndex(username: user).map { store.homeIDs(viewer: $0, trimTo: config.homeFeedLimit) }
                ?? []
        case .local: return store.publicIDs(FeedFilter(localOnly: true))
        case .federated: return store.publicIDs(FeedFilter())
        case .remote: return store.publicIDs(FeedFilter(remoteOnly: true))
        case .tag(let tag):
            return tag.lowercased() == "fixtures"
                ? store.fixtures.reversed().map(\.id)
                : store.tagIDs(tag.lowercased(), FeedFilter())
        case .list(let id): return store.lists[id].map { store.listIDs($0, trimTo: config.homeFeedLimit) } ?? []
        case .account(let user):
            return store.accountIndex(username: user).map {
                store.accountIDs($0, viewer: nil, FeedFilter(), tagged: nil)
            } ?? []
        case .bookmarks(let user), .favourites(let user):
            guard let owner = store.accountIndex(username: user) else { return [] }
            let rows =
                timeline == .bookmarks(user)
                ? store.bookmarks[owner, default: []] : store.favourites[owner, default: []]
            return rows.sorted { $0.rowID > $1.rowID }.compactMap(\.statusID).filter { store.statuses[$0] != nil }
        case .mentions(let user):
            guard let owner = store.accountIndex(username: user) else { return [] }
            return store.notifications[owner, default: []].filter { $0.type == "mention" }
                .sorted { $0.rowID > $1.rowID }.compactMap(\.statusID).filter { store.statuses[$0] != nil }
        }
    }

    func snapshot() -> TestServer.Snapshot {
        TestServer.Snapshot(
            statusCount: store.order.count, fixtureCount: store.fixtures.count,
            newestStatusID: store.order.last,
            localUsernames: store.accounts.filter(\.isLocal).map(\.username),
            remoteAccts: store.accounts.filter { !$0.isLocal }.map { $0.acct() },
            accountIDs: Dictionary(uniqueKeysWithValues: store.accounts.map { ($0.acct(), $0.id) }),
            listIDs: Dictionary(
                uniqueKeysWithValues: store.lists.values.map { (store.accounts[$0.owner].username, $0.id) }),
            tokens: tokens.mapValues { store.accounts[$0].username },
            tags: ContentText.tags)
    }
}

/// A timeline to inspect with ``TestServer/timelineIDs(_:)``.
public enum Timeline: Sendable, Hashable {
    /// The home feed of a local user (by username).
    case home(String)
    /// `public?local=true`.
    case local
    /// `public` (local and remote).
    case federated
    /// `public?remote=true`.
    case remote
    /// `tag/:tag` (`fixtures` gives the fixture statuses).
    case tag(String)
    /// `list/:id`.
    case list(String)
    /// An account's statuses and boosts (by acct), as an anonymous caller sees them.
    case account(String)
    /// A local user's bookmarks, newest bookmark first.
    case bookmarks(String)
    /// A local user's favourites, newest first.
    case favourites(String)
    /// The statuses of a local user's mention notifications.
    case mentions(String)
}
