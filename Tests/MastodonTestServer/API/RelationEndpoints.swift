import Foundation

/// An account's follows and followers, and the viewer's mutes, blocks and domain blocks, paged as
/// Mastodon pages them: by the relation's own row id (here the other account's index), never the
/// account's id, with a `Link` header.
extension ServerState {
    enum RelationList { case following, followers, mutes, blocks, endorsements }

    func relationPage(_ call: Call, _ list: RelationList, id: String? = nil) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let subject: Int
        if let id {
            guard let index = store.accountIndex(id: id) else { return .notFound }
            subject = index
        } else {
            subject = viewer
        }
        let members = relationMembers(list, of: subject, viewer: viewer)
        let keys = members.sorted(by: >)
        var p = PageParams(call.req, defaultLimit: 40, maxLimit: 80)
        if config.quirks.relationPagesLoop { p.maxID = nil }
        let picked = Pager.select(
            keys, max: Pager.cursor(p.maxID) { Int($0) }, min: Pager.cursor(p.minID) { Int($0) },
            since: Pager.cursor(p.sinceID) { Int($0) }, limit: p.limit
        ).map { keys[$0] }
        var items = picked.map { store.renderAccount($0, base: base) }
        if config.quirks.relationJunkEntry { items.append(["id": "7"]) }
        return page(.array(items), first: picked.first.map(String.init), last: picked.last.map(String.init), call)
    }

    /// `GET /api/v1/domain_blocks`: the viewer's blocked domains as strings, paged by their position.
    func domainBlockPage(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let domains = store.domainBlocks[viewer, default: []]
        let keys = Array((0..<domains.count).reversed())
        let p = PageParams(call.req, defaultLimit: 100, maxLimit: 200)
        let picked = Pager.select(
            keys, max: Pager.cursor(p.maxID) { Int($0) }, min: Pager.cursor(p.minID) { Int($0) },
            since: Pager.cursor(p.sinceID) { Int($0) }, limit: p.limit
        ).map { keys[$0] }
        let items = picked.map { JSON.string(domains[$0]) }
        return page(.array(items), first: picked.first.map(String.init), last: picked.last.map(String.init), call)
    }

    /// Who is on `list`: whom `subject` follows or who follows them; whom `viewer` mutes or blocks.
    func relationMembers(_ list: RelationList, of subject: Int, viewer: Int) -> [Int] {
        switch list {
        case .following: Array(store.follows[subject, default: []])
        case .followers:
            store.followers.value(String(subject)) {
                store.follows.filter { $0.value.contains(subject) }.map(\.key).sorted(by: >)
            }
        case .mutes: Array(store.mutes[viewer, default: []])
        case .blocks: Array(store.blocks[viewer, default: []])
        case .endorsements: Array(store.endorsements[viewer, default: []])
        }
    }
}
