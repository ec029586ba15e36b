import Foundation

/// Who favourited and who boosted a status (issue 44): `GET /api/v1/statuses/:id/favourited_by` and
/// `…/reblogged_by`, accounts newest first, paged by position with a `Link` header as Mastodon pages them
/// (40 by default, at most 80).
extension ServerState {
    func reactionPage(_ call: Call, statusID: String, boosts: Bool) -> Reply {
        guard let status = store.statuses[statusID], !status.isReblog else { return .notFound }
        // Oldest first; keys 1…n by position, the newest the highest, as Mastodon's favourite and boost ids.
        let accounts =
            boosts
            ? store.order.compactMap { id in store.statuses[id].flatMap { $0.reblogOf == statusID ? $0.author : nil } }
            : store.favouritedBy[statusID, default: []]
        let keys = Array(stride(from: accounts.count, through: 1, by: -1))
        let p = PageParams(call.req, defaultLimit: 40, maxLimit: 80)
        let picked = Pager.select(
            keys, max: Pager.cursor(p.maxID) { Int($0) }, min: Pager.cursor(p.minID) { Int($0) },
            since: Pager.cursor(p.sinceID) { Int($0) }, limit: p.limit
        ).map { keys[$0] }
        let items = picked.map { store.renderAccount(accounts[$0 - 1], base: base) }
        return page(.array(items), first: picked.first.map(String.init), last: picked.last.map(String.init), call)
    }

    func addFavourite(of statusID: String, username: String) -> Bool {
        guard let account = store.accountIndex(username: username), store.statuses[statusID] != nil else {
            return false
        }
        store.favouritedBy[statusID, default: []].append(account)
        store.statuses[statusID]?.favouritesCount += 1
        return true
    }
}

extension TestServer {
    /// `username` favourites status `statusID`: listed by `favourited_by`, counted in its
    /// `favourites_count`. False when either is unknown.
    public func addFavourite(of statusID: String, username: String) async -> Bool {
        await state.addFavourite(of: statusID, username: username)
    }
}
