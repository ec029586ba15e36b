import ArchiveCore
import Export
import Foundation
import Router
import SearchQuery

extension Reader {
    /// The pinned timelines with their newest posts and how their syncs go; as JSON, the timelines as
    /// `icebox timeline list --json` prints them.
    func home(_ request: PageRequest) async throws -> Reply {
        let timelines = try await store.timelines()
        if request.wantsJSON { return try json(timelines) }
        let stats = try await store.stats()
        let gaps = try await store.gaps(timelineID: nil, includingClosed: false)
        var main: HTML =
            "<header><h1>Your archive</h1><p class=\"summary\">"
            + "\(stats.statuses) statuses by \(stats.authors) authors in \(timelines.count) pinned timelines"
        if let oldest = stats.oldest, let newest = stats.newest {
            main += ", \(oldest.prefix(10)) to \(newest.prefix(10))"
        }
        main += ".</p></header>\n"
        if timelines.isEmpty {
            main +=
                "<p class=\"note\">No timeline is pinned yet: <code>icebox timeline add home</code>, then "
                + "<code>icebox sync</code>.</p>\n"
        }
        for timeline in timelines {
            let open = gaps.filter { $0.timelineID == timeline.id }.count
            main += try await section(timeline, openGaps: open)
        }
        return .page(PageShell.page(title: "Home", main: main, version: version))
    }

    private func section(_ timeline: PinnedTimeline, openGaps: Int) async throws -> HTML {
        let route = RouterDestination.pinnedTimeline(spec: timeline.spec)
        var html: HTML =
            "<section class=\"timeline\"><h2><a href=\"\(route.path)\">\(timeline.displayName)</a></h2>\n"
            + "<p class=\"note\">\(timeline.statusCount) statuses seen · \(Self.health(timeline, openGaps: openGaps))</p>\n"
        let query = SearchQuery(filters: [.init(.inTimeline(timeline.spec))])
        let newest = try await store.search(query, sort: .newest, limit: 3, offset: 0, consent: .off)
        if !newest.isEmpty {
            html += "<ul class=\"newest\">"
            for hit in newest {
                let text = hit.spoilerText.isEmpty ? hit.text : "CW: \(hit.spoilerText)"
                let snippet = text.count > 160 ? String(text.prefix(160)) + "…" : text
                let shown = snippet.isEmpty ? "(no text)" : snippet
                let date = String(hit.createdAt.prefix(16)).replacingOccurrences(of: "T", with: " ")
                html +=
                    "<li><a href=\"statuses/\(hit.number)\">\(shown)</a> <span class=\"who\">@\(hit.acct) · \(date)</span></li>"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    /// "last success 2026-11-25 10:02 · 2 open gaps", in red when the last sync failed or gaps are open.
    static func health(_ timeline: PinnedTimeline, openGaps: Int) -> HTML {
        var parts = [
            timeline.lastSuccessAt.map {
                "last success " + String($0.prefix(16)).replacingOccurrences(of: "T", with: " ")
            }
                ?? "never synced successfully"
        ]
        if let result = timeline.lastResult, result != "ok" {
            parts.append("last sync: \(result)" + (timeline.lastError.map { " (\($0))" } ?? ""))
        }
        if openGaps > 0 { parts.append("\(openGaps) open gap\(openGaps == 1 ? "" : "s")") }
        let healthy = openGaps == 0 && (timeline.lastResult ?? "ok") == "ok" && timeline.lastSuccessAt != nil
        return "<span class=\"\(healthy ? "health-ok" : "health-bad")\">\(parts.joined(separator: " · "))</span>"
    }
}
