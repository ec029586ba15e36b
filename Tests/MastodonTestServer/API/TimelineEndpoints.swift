import Foundation

/// Status timelines: home, public, hashtag, list and an account's statuses.
extension ServerState {
    func home(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        return statusPage(store.homeIDs(viewer: viewer, trimTo: config.homeFeedLimit), call)
    }

    func publicTimeline(_ call: Call) -> Reply {
        let req = call.req
        let access = config.timelinesAccess
        let policy = feedPolicy(req, local: access.liveFeedsLocal, remote: access.liveFeedsRemote)
        if let refusal = refusal(policy, call) { return refusal }
        let filter = FeedFilter(
            onlyMedia: req.flag("only_media"), localOnly: req.flag("local"),
            remoteOnly: req.flag("remote"))
        return statusPage(store.publicIDs(filter), call)
    }

    func tagTimeline(_ call: Call, tag: String) -> Reply {
        let req = call.req
        let access = config.timelinesAccess
        let policy = feedPolicy(req, local: access.hashtagFeedsLocal, remote: access.hashtagFeedsRemote)
        if let refusal = refusal(policy, call) { return refusal }
        let keep: Set<String> = ["local", "limit", "only_media"]
        if tag.lowercased() == "fixtures" { return fixturePage(call, keep: keep) }
        let filter = FeedFilter(
            onlyMedia: req.flag("only_media"), localOnly: req.flag("local"),
            remoteOnly: req.flag("remote"), anyTags: Array(req.params("any").prefix(4)),
            allTags: Array(req.params("all").prefix(4)), noneTags: Array(req.params("none").prefix(4)))
        return statusPage(store.tagIDs(tag.lowercased(), filter), call, keep: keep)
    }

    func listTimeline(_ call: Call, id: String) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        guard let list = store.lists[id], list.owner == viewer else { return .notFound }
        return statusPage(store.listIDs(list, trimTo: config.homeFeedLimit), call)
    }

    func lists(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let owned = store.lists.values.filter { $0.owner == viewer }.sorted { $0.id < $1.id }
        return .json(.array(owned.map(Self.render)))
    }

    /// `GET /api/v1/lists/:id`: 404 for a list that does not exist or is another user's, as Mastodon does.
    func list(_ call: Call, id: String) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        guard let list = store.lists[id], list.owner == viewer else { return .notFound }
        return .json(Self.render(list))
    }

    private static func render(_ list: ListRecord) -> JSON {
        [
            "id": .string(list.id), "title": .string(list.title), "replies_policy": .string(list.repliesPolicy),
            "exclusive": .bool(list.exclusive),
        ]
    }

    func accountStatuses(_ call: Call, id: String) -> Reply {
        guard let index = store.accountIndex(id: id) else { return .notFound }
        let req = call.req
        if req.flag("pinned") { return .json([]) }
        let filter = FeedFilter(
            onlyMedia: req.flag("only_media"), excludeReplies: req.flag("exclude_replies"),
            excludeReblogs: req.flag("exclude_reblogs"))
        let tagged = req.query.first { $0.name == "tagged" }?.value
        return statusPage(store.accountIDs(index, viewer: call.viewer, filter, tagged: tagged), call)
    }

    /// One page of `ids` (newest first, Mastodon id order) with its `Link` header.
    func statusPage(_ ids: [String], _ call: Call, keep: Set<String>? = nil) -> Reply {
        let p = PageParams(call.req)
        let resolve: (String) -> IDKey? = { IDKey($0) }
        let picked = Pager.select(
            ids.lazy.map(IDKey.init), max: Pager.cursor(p.maxID, resolve),
            min: Pager.cursor(p.minID, resolve), since: Pager.cursor(p.sinceID, resolve),
            limit: p.limit
        ).map { ids[$0] }
        let body = JSON.array(
            picked.map { id in
                .raw(
                    store.rendered.value("\(id) \(call.viewer ?? -1) \(base)") {
                        store.renderStatus(id, base: base, viewer: call.viewer).data
                    })
            })
        return page(body, first: picked.first, last: picked.last, call, keep: keep)
    }

    /// The fixture statuses, newest = last loaded, served byte-for-byte; cursors are resolved by position.
    func fixturePage(_ call: Call, keep: Set<String>) -> Reply {
        let p = PageParams(call.req)
        let fixtures = store.fixtures
        let keys = Array(fixtures.indices.reversed())
        let resolve: (String) -> Int? = { id in fixtures.lastIndex { $0.id == id } }
        let picked = Pager.select(
            keys, max: Pager.cursor(p.maxID, resolve), min: Pager.cursor(p.minID, resolve),
            since: Pager.cursor(p.sinceID, resolve), limit: p.limit
        ).map { fixtures[keys[$0]] }
        return page(
            .array(picked.map { .raw($0.bytes) }), first: picked.first?.id, last: picked.last?.id, call,
            keep: keep)
    }

    /// A JSON array reply with a `Link` header unless the page is empty.
    func page(_ body: JSON, first: String?, last: String?, _ call: Call, keep: Set<String>? = nil) -> Reply {
        guard let first, let last else { return .json(body) }
        return .json(body, link: Pager.linkHeader(base: base, req: call.req, keep: keep, next: last, prev: first))
    }

    /// The access rule of a feed asked for with `local` or `remote`; asked for with neither, it holds
    /// both, so the stricter rule of the two.
    private func feedPolicy(_ req: APIRequest, local: FeedAccess, remote: FeedAccess) -> FeedAccess {
        req.flag("local") ? local : req.flag("remote") ? remote : strictest(local, remote)
    }

    private func strictest(_ a: FeedAccess, _ b: FeedAccess) -> FeedAccess {
        if a == .disabled || b == .disabled { return .disabled }
        if a == .authenticated || b == .authenticated { return .authenticated }
        return .public
    }

    private func refusal(_ policy: FeedAccess, _ call: Call) -> Reply? {
        switch policy {
        case .public: return nil
        case .authenticated: return call.viewer == nil ? .needsUser : nil
        case .disabled: return .json([])
        }
    }
}
