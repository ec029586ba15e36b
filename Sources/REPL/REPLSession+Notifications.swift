import ArchiveCore
import Display
import Foundation
import Models

extension REPLSession {
    /// How many notifications the `notifications` screen shows, newest first (`icebox notifications`
    /// lists every one).
    static let notificationsShown = 100

    /// The `notifications` screen (the pinned timeline `notifications`, issue 44): the newest
    /// notifications of every account, one per line — when, what, from whom, and the status it is about
    /// (which `url` opens) — each field a server sent made safe for one line of a terminal.
    func notificationsScreen() async throws -> (Reply, Screen) {
        let total = try await archive.notificationCount(of: nil)
        guard total > 0 else {
            throw REPLFailure(
                "notifications: none archived (icebox timeline add notifications pins them; icebox sync reads them)")
        }
        let shown = try await archive.notifications(of: nil, page: 0..<Self.notificationsShown)
        var heading = "notifications: \(total) archived"
        if total > shown.count { heading += ", the newest \(shown.count) shown (icebox notifications lists all)" }
        let accounts = try await archive.accounts().count
        var lines = [heading]
        for notification in shown {
            var columns = [
                String((notification.createdAt ?? "-").prefix(16)).replacingOccurrences(of: "T", with: " "),
                notification.type.terminalSafeLine, "@" + (notification.acct ?? "-").terminalSafeLine,
            ]
            if !notification.displayName.isEmpty { columns.append(notification.displayName.terminalSafeLine) }
            if let link = notification.statusURL ?? notification.statusURI { columns.append(link.terminalSafeLine) }
            if accounts > 1 { columns.insert("[\(notification.account.terminalSafeLine)]", at: 0) }
            lines.append(columns.joined(separator: "  "))
        }
        return (Reply(output: lines.joined(separator: "\n").terminalSafe), Screen(listed: nil, status: nil))
    }
}
