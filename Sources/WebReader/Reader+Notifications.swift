import ArchiveCore
import Display
import Export
import Foundation
import Router

extension Reader {
    /// The notifications page (`/notifications`, the pinned timeline `notifications`; issue 44): every
    /// archived notification of every account, newest first, a page at a time with the total, `type=`
    /// keeping one type (the counts by type link to each). As JSON, the records `icebox notifications
    /// --json` prints, with `Link` and `X-Total-Count` as every listing gives them.
    func notificationsPage(_ request: PageRequest) async throws -> Reply {
        let types = request.value("type").map { [$0] } ?? []
        let total = PageTotal.exact(try await store.notificationCount(of: nil, types: types))
        let kept = try await store.notifications(
            of: nil, types: types, page: request.offset..<(request.offset + Self.pageSize + 1))
        let hasMore = kept.count > Self.pageSize
        let shown = Array(kept.prefix(Self.pageSize))
        if request.wantsJSON { return try jsonPage(shown, hasMore: hasMore, total: total, request) }
        let title = types.first.map { "Notifications: \($0)" } ?? "Notifications"
        var summary = "\(total.count) notification\(total.count == 1 ? "" : "s")"
        if !shown.isEmpty, total.count > shown.count {
            summary += ", \(request.offset + 1)–\(request.offset + shown.count) shown"
        }
        let byType = try await store.notificationCounts().map { count -> HTML in
            let href = "/notifications?type=" + Self.encoded(count.type)
            return "<a href=\"\(href)\">\(count.type)</a> \(count.count)"
        }
        let accounts = Set(shown.map(\.account)).count
        let rows = shown.map { Self.row($0, showingAccount: accounts > 1) }
        var main: HTML = "<header><h1>\(title)</h1><p class=\"summary\">\(summary)</p></header>\n"
        if !byType.isEmpty {
            main += "<p class=\"note\">By type: \(byType.joined(separator: " · "))"
            if !types.isEmpty { main += " · <a href=\"/notifications\">every type</a>" }
            main += "</p>\n"
        }
        main +=
            rows.isEmpty
            ? "<p class=\"note\">None archived. icebox timeline add notifications pins them; icebox sync reads them.</p>\n"
            : "<ul class=\"people\">\(rows.joined())</ul>\n"
        main += pager(total: total, hasMore: hasMore, request)
        return .page(PageShell.page(title: title, main: main, version: version))
    }

    /// One notification: when, what, from whom (their archived posts), and the status it is about (its
    /// archived thread), every field escaped as any text a server sent.
    private static func row(_ notification: ArchivedNotification, showingAccount: Bool) -> HTML {
        var row: HTML = "<li>"
        if showingAccount { row += "<span class=\"who\">\(notification.account)</span> " }
        let when = (notification.createdAt ?? "").prefix(16).replacingOccurrences(of: "T", with: " ")
        row += "<span class=\"who\">\(when)</span> <strong>\(notification.type)</strong> "
        if let acct = notification.acct {
            row += "<a href=\"\(RouterDestination.accountDetail(id: acct).path)\">@\(acct)</a> "
            if !notification.displayName.isEmpty { row += "<span class=\"who\">\(notification.displayName)</span> " }
        }
        if let uri = notification.statusURI {
            row += "<a href=\"\(RouterDestination.statusDetail(id: uri).path)\">the post</a>"
        }
        return row + "</li>"
    }
}
