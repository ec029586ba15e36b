import ArchiveCore
import Display
import Export
import Foundation
import Router

extension Reader {
    /// What the archive holds, charted: posts per month, the top hashtags and authors, and each pinned
    /// timeline's last successful sync and open gaps; as JSON, `icebox stats --json`'s record.
    func statsPage(_ request: PageRequest) async throws -> Reply {
        let stats = try await store.stats()
        let breakdown = try await store.breakdown(timelineID: nil, top: 10)
        let gaps = try await store.gaps(timelineID: nil, includingClosed: false)
        if request.wantsJSON {
            return try json(
                StatsReport(
                    stats: stats, timeline: nil, breakdown: breakdown, openGaps: gaps,
                    notifications: try await store.notificationCounts(), relations: try await store.relationCounts(),
                    conversations: try await store.conversationCount()))
        }
        let timelines = try await store.timelines()
        var main: HTML =
            "<header><h1>Stats</h1><p class=\"summary\">\(stats.statuses) statuses (\(stats.boosts) boosts), "
            + "\(stats.authors) authors, \(stats.mediaFiles) media files stored, \(stats.unreadable) unreadable kept, "
            + "\(gaps.count) open gap\(gaps.count == 1 ? "" : "s").</p></header>\n"
        main +=
            "<section><h2>Posts per month</h2>"
            + BarChart.columns(
                BarChart.everyMonth(breakdown.months.map { (label: $0.name, count: $0.count) }),
                title: "Posts per month")
            + "</section>\n"
        main +=
            "<section><h2>Top hashtags</h2>"
            + BarChart.rows(breakdown.hashtags.map { (label: "#" + $0.name, count: $0.count) }, title: "Top hashtags")
            + "</section>\n"
        main +=
            "<section><h2>Top authors</h2>"
            + BarChart.rows(breakdown.authors.map { (label: "@" + $0.name, count: $0.count) }, title: "Top authors")
            + "</section>\n"
        main += "<section><h2>Timelines</h2>" + timelineTable(timelines, gaps: gaps)
        let gapCounts: [(label: String, count: Int)] = timelines.map { timeline in
            (timeline.displayName, gaps.filter { $0.timelineID == timeline.id }.count)
        }
        if gapCounts.contains(where: { $0.count > 0 }) {
            main += BarChart.rows(gapCounts, title: "Open gaps per timeline", style: "gap")
        }
        main += "</section>\n"
        return .page(PageShell.page(title: "Stats", main: main, version: version))
    }

    private func timelineTable(_ timelines: [PinnedTimeline], gaps: [TimelineGap]) -> HTML {
        guard !timelines.isEmpty else { return "<p class=\"note\">No timeline is pinned.</p>" }
        var html: HTML =
            "<table class=\"timelines\"><thead><tr><th>timeline</th><th class=\"num\">posts</th>"
            + "<th>synced</th><th>result</th><th class=\"num\">gaps</th></tr></thead><tbody>"
        for timeline in timelines {
            let open = gaps.filter { $0.timelineID == timeline.id }.count
            let path = RouterDestination.pinnedTimeline(spec: timeline.spec).path
            let success = timeline.lastSuccessAt.map { String($0.prefix(16)).replacingOccurrences(of: "T", with: " ") }
            html +=
                "<tr><td><a href=\"\(path)\">\(timeline.displayName)</a></td>"
                + "<td class=\"num\">\(timeline.statusCount)</td><td class=\"when\">\(success ?? "never")</td>"
                + "<td>\(timeline.lastResult ?? "-")</td>"
                + "<td class=\"num\(open > 0 ? " health-bad" : "")\">\(open)</td></tr>"
        }
        return html + "</tbody></table>"
    }
}
