import Foundation

/// Filters accepted by the timeline endpoints.
struct FeedFilter: Sendable {
    var onlyMedia = false
    var localOnly = false
    var remoteOnly = false
    var excludeReplies = false
    var excludeReblogs = false
    var anyTags: [String] = []
    var allTags: [String] = []
    var noneTags: [String] = []
}

/// Which status ids each timeline holds, newest first.
extension Store {
    /// The status a boost points at, or the status itself.
    func content(of status: StatusRecord) -> StatusRecord {
        status.reblogOf.flatMap { statuses[$0] } ?? status
    }

    /// A reply to somebody else (Mastodon's public feeds and `exclude_replies` drop these; self-replies stay).
    func isReplyToOther(_ status: StatusRecord) -> Bool {
        status.inReplyToID != nil && status.inReplyToAccount != status.author
    }

    func matches(_ status: StatusRecord, _ filter: FeedFilter) -> Bool {
        let shown = content(of: status)
        if filter.onlyMedia && shown.media.isEmpty { return false }
        if filter.localOnly && !accounts[status.author].isLocal { return false }
        if filter.remoteOnly && accounts[status.author].isLocal { return false }
        if filter.excludeReplies && isReplyToOther(status) { return false }
        if filter.excludeReblogs && status.isReblog { return false }
        return true
    }

    /// May `viewer` (nil = anonymous) see this status at all?
    func canSee(_ status: StatusRecord, viewer: Int?) -> Bool {
        switch status.visibility {
        case .public, .unlisted: return true
        case .private:
            guard let viewer else { return false }
            return viewer == status.author || follows[viewer, default: []].contains(status.author)
        case .direct:
            guard let viewer else { return false }
            return viewer == status.author || status.mentions.contains(viewer)
        }
    }

    private func newestFirst(where include: (StatusRecord) -> Bool) -> [String] {
        order.reversed().filter { statuses[$0].map(include) ?? false }
    }

    /// Home: the viewer's own statuses and those (boosts included) of accounts they follow.
    func homeIDs(viewer: Int, trimTo limit: Int?) -> [String] {
        let ids = feeds.value("home:\(viewer)") { newestFirst { inHome($0, viewer: viewer) } }
        return limit.map { Array(ids.prefix($0)) } ?? ids
    }

    /// Whether a status is in the viewer's home feed.
    func inHome(_ s: StatusRecord, viewer: Int) -> Bool {
        // Direct messages reach the home of their author and of those they mention, as on Mastodon.
        (s.visibility == .direct
            ? (s.author == viewer || s.mentions.contains(viewer))
            : (s.author == viewer || follows[viewer, default: []].contains(s.author)))
            && (s.reblogOf.map { statuses[$0] != nil } ?? true)
    }

    func listIDs(_ list: ListRecord, trimTo limit: Int?) -> [String] {
        let ids = newestFirst { inList($0, list) }
        return limit.map { Array(ids.prefix($0)) } ?? ids
    }

    func inList(_ s: StatusRecord, _ list: ListRecord) -> Bool {
        list.members.contains(s.author) && s.visibility != .direct && !isReplyToOther(s)
    }

    /// Public timeline: public, original (non-boost) statuses that are not replies to others.
    func publicIDs(_ filter: FeedFilter) -> [String] {
        feeds.value("public:\(filter)") { newestFirst { inPublic($0, filter) } }
    }

    func inPublic(_ s: StatusRecord, _ filter: FeedFilter) -> Bool {
        s.visibility == .public && !s.isReblog && !isReplyToOther(s) && matches(s, filter)
    }

    /// Hashtag timeline: public original statuses carrying `tag` (or any of `any[]`), all of `all[]`, none of `none[]`.
    func tagIDs(_ tag: String, _ filter: FeedFilter) -> [String] {
        newestFirst { inTag($0, tag, filter) }
    }

    func inTag(_ s: StatusRecord, _ tag: String, _ filter: FeedFilter) -> Bool {
        let wanted = Set(([tag] + filter.anyTags).map { $0.lowercased() })
        let tags = Set(s.tags)
        return s.visibility == .public && !s.isReblog && matches(s, filter) && !tags.isDisjoint(with: wanted)
            && filter.allTags.map { $0.lowercased() }.allSatisfy(tags.contains)
            && tags.isDisjoint(with: Set(filter.noneTags.map { $0.lowercased() }))
    }

    /// An account's statuses and boosts, as `viewer` may see them.
    func accountIDs(_ account: Int, viewer: Int?, _ filter: FeedFilter, tagged: String?) -> [String] {
        newestFirst { s in
            s.author == account && canSee(s, viewer: viewer) && matches(s, filter)
                && (tagged.map { s.tags.contains($0.lowercased()) } ?? true)
        }
    }

    /// A thread around `id`: ancestors oldest first, descendants in depth-first id order.
    func context(of id: String, viewer: Int?) -> (ancestors: [String], descendants: [String]) {
        var ancestors: [String] = []
        var cursor = statuses[id]?.inReplyToID
        while let parentID = cursor, let parent = statuses[parentID] {
            if canSee(parent, viewer: viewer) { ancestors.insert(parentID, at: 0) }
            cursor = parent.inReplyToID
        }
        var children: [String: [String]] = [:]
        for sid in order { if let p = statuses[sid]?.inReplyToID { children[p, default: []].append(sid) } }
        var descendants: [String] = []
        func walk(_ node: String) {
            for child in children[node, default: []] where statuses[child].map({ canSee($0, viewer: viewer) }) == true {
                descendants.append(child)
                walk(child)
            }
        }
        walk(id)
        return (ancestors, descendants)
    }
}
