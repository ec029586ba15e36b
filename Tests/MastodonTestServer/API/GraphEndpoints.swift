import Foundation

/// The rest of an account's graph (issue 44), in the shapes Mastodon's controllers and serializers give
/// them (app/controllers/api/v1/followed_tags_controller.rb, featured_tags_controller.rb,
/// lists/accounts_controller.rb, accounts/relationships_controller.rb; app/serializers/rest/
/// tag_serializer.rb, featured_tag_serializer.rb, relationship_serializer.rb).
extension ServerState {
    /// `GET /api/v1/followed_tags`: `Tag` objects, paged with a `Link` header (default 100, at most 200).
    func followedTagPage(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let names = store.followedTags[viewer, default: []]
        let keys = Array((0..<names.count).reversed())
        let p = PageParams(call.req, defaultLimit: 100, maxLimit: 200)
        let picked = Pager.select(
            keys, max: Pager.cursor(p.maxID) { Int($0) }, min: Pager.cursor(p.minID) { Int($0) },
            since: Pager.cursor(p.sinceID) { Int($0) }, limit: p.limit
        ).map { keys[$0] }
        let items: [JSON] = picked.map { index in
            let name = names[index]
            return [
                "name": .string(name), "url": .string("\(base)/tags/\(name.lowercased())"), "history": [],
                "following": true,
            ]
        }
        return page(.array(items), first: picked.first.map(String.init), last: picked.last.map(String.init), call)
    }

    /// `GET /api/v1/featured_tags`: one array of `FeaturedTag` objects, not paged; the id and the count
    /// as strings, as Mastodon's serializer writes them.
    func featuredTags(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let username = store.accounts[viewer].username
        let items: [JSON] = store.featuredTags[viewer, default: []].enumerated().map { offset, name in
            [
                "id": .string(String(offset + 1)), "name": .string(name),
                "url": .string("\(base)/@\(username)/tagged/\(name.lowercased())"), "statuses_count": "0",
                "last_status_at": .null,
            ]
        }
        return .json(.array(items))
    }

    /// `GET /api/v1/lists/:id/accounts`: the members, paged by the member's row (here its index) with a
    /// `Link` header; `limit=0` gives them all at once without one. 404 for another user's list.
    func listAccounts(_ call: Call, id: String) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        guard let list = store.lists[id], list.owner == viewer else { return .notFound }
        let keys = list.members.sorted(by: >)
        if call.req.query.contains(where: { $0.name == "limit" && $0.value == "0" }) {
            return .json(.array(keys.map { store.renderAccount($0, base: base) }))
        }
        let p = PageParams(call.req, defaultLimit: 40, maxLimit: 80)
        let picked = Pager.select(
            keys, max: Pager.cursor(p.maxID) { Int($0) }, min: Pager.cursor(p.minID) { Int($0) },
            since: Pager.cursor(p.sinceID) { Int($0) }, limit: p.limit
        ).map { keys[$0] }
        let items = picked.map { store.renderAccount($0, base: base) }
        return page(.array(items), first: picked.first.map(String.init), last: picked.last.map(String.init), call)
    }

    /// `GET /api/v1/accounts/relationships?id[]=…`: the viewer's relationship with each account asked
    /// about that exists, in the order asked; `note` is the viewer's private note ('' when none).
    func relationships(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let ids = call.req.query.filter { $0.name == "id[]" || $0.name == "id" }.map(\.value)
        var asked = ids.compactMap { store.accountIndex(id: $0) }
        if config.quirks.relationshipOfUnasked, let newest = store.accounts.last?.index, !asked.contains(newest) {
            asked.append(newest)
        }
        let items: [JSON] = asked.map { other in
            let follows = store.follows[viewer, default: []].contains(other)
            let settings = follows ? store.followSettings[viewer]?[other] ?? FollowSettingRecord() : nil
            return [
                "id": .string(store.accounts[other].id), "following": .bool(follows),
                "showing_reblogs": .bool(settings?.showingReblogs ?? false),
                "notifying": .bool(settings?.notifying ?? false),
                "languages": settings?.languages.map { .array($0.map(JSON.string)) } ?? .null,
                "followed_by": .bool(store.follows[other, default: []].contains(viewer)),
                "blocking": .bool(store.blocks[viewer, default: []].contains(other)), "blocked_by": false,
                "muting": .bool(store.mutes[viewer, default: []].contains(other)), "muting_notifications": false,
                "requested": false, "requested_by": false, "domain_blocking": false,
                "endorsed": .bool(store.endorsements[viewer, default: []].contains(other)),
                "note": .string(
                    config.quirks.relationshipOfUnasked && other == store.accounts.last?.index
                        ? "planted by the server" : store.notes[viewer]?[other] ?? ""),
            ]
        }
        return .json(.array(items))
    }
}
