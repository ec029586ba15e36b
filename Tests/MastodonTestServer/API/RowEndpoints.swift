import Foundation

/// Bookmarks, favourites and notifications: paged by their own row ids, not by status ids.
extension ServerState {
    enum RowKind { case bookmarks, favourites, notifications }

    func rowTimeline(_ call: Call, kind: RowKind) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let req = call.req
        var rows: [Row]
        switch kind {
        case .bookmarks: rows = store.bookmarks[viewer, default: []]
        case .favourites: rows = store.favourites[viewer, default: []]
        case .notifications:
            rows = store.notifications[viewer, default: []]
            let types = Set(req.params("types"))
            let excluded = Set(req.params("exclude_types"))
            if !config.quirks.ignoresNotificationTypes {
                rows = rows.filter { (types.isEmpty || types.contains($0.type)) && !excluded.contains($0.type) }
            }
        }
        rows.sort { $0.rowID > $1.rowID }
        let p = PageParams(
            req, defaultLimit: kind == .notifications ? 40 : 20, maxLimit: kind == .notifications ? 80 : 40)
        let resolve: (String) -> Int? = { Int($0) ?? 0 }
        let picked = Pager.select(
            rows.map(\.rowID), max: Pager.cursor(p.maxID, resolve),
            min: Pager.cursor(p.minID, resolve), since: Pager.cursor(p.sinceID, resolve),
            limit: p.limit
        ).map { rows[$0] }
        let items: [JSON] = picked.compactMap { row in
            if kind == .notifications {
                return store.renderNotification(row, base: base, viewer: viewer, quirks: config.quirks)
            }
            guard let sid = row.statusID, store.statuses[sid] != nil else { return nil }
            return store.renderStatus(sid, base: base, viewer: viewer)
        }
        return page(
            .array(items), first: picked.first.map { String($0.rowID) },
            last: picked.last.map { String($0.rowID) }, call)
    }
}
