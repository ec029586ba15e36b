import ArchiveCore
import Foundation
import Models
import Prometheus

extension Reader {
    /// `/metrics`: the archive's health as Prometheus text, read fresh from the store on every scrape:
    /// totals; the notifications by type and the relation ledger by kind; per pinned timeline its statuses, media, last successful sync, open gaps and backfill; and
    /// the rate budget each server left the workers, when the store keeps it.
    func metrics() async throws -> Reply {
        let registry = PrometheusCollectorRegistry()
        let stats = try await store.stats()
        let gauges: [(String, String, Double)] = [
            ("icebox_statuses", "Archived statuses.", Double(stats.statuses)),
            ("icebox_boosts", "Archived boosts.", Double(stats.boosts)),
            ("icebox_authors", "Distinct authors.", Double(stats.authors)),
            ("icebox_media_attachments", "Media attachments of archived statuses.", Double(stats.mediaAttachments)),
            ("icebox_media_files", "Media files stored.", Double(stats.mediaFiles)),
            ("icebox_media_bytes", "Bytes of the media files stored.", Double(stats.mediaBytes)),
            ("icebox_media_missing", "Attachments whose file is not stored.", Double(stats.mediaMissing)),
            ("icebox_unreadable_kept", "Statuses kept byte for byte that could not be read.", Double(stats.unreadable)),
            ("icebox_edit_versions", "Earlier versions of edited statuses kept.", Double(stats.editVersions)),
        ]
        for (name, help, value) in gauges { registry.makeGauge(descriptor: Self.metric(name, help)).set(value) }
        let gaps = try await store.gaps(timelineID: nil, includingClosed: false)
        var media: [Int64: TimelineMedia] = [:]
        for counts in try await store.timelineMedia() { media[counts.timelineID] = counts }
        for timeline in try await store.timelines() {
            let labels = [("timeline", timeline.displayName)]
            let open = gaps.filter { $0.timelineID == timeline.id }.count
            let success = timeline.lastSuccessAt.flatMap(MastodonDate.parse)?.timeIntervalSince1970 ?? 0
            let perTimeline: [(String, String, Double)] = [
                ("icebox_timeline_statuses", "Statuses seen in the timeline.", Double(timeline.statusCount)),
                (
                    "icebox_timeline_media_attachments", "Media attachments of the statuses seen in the timeline.",
                    Double(media[timeline.id]?.attachments ?? 0)
                ),
                (
                    "icebox_timeline_media_stored", "Of those, the attachments whose file is stored.",
                    Double(media[timeline.id]?.stored ?? 0)
                ),
                ("icebox_timeline_open_gaps", "Windows of the timeline that could not be read.", Double(open)),
                (
                    "icebox_timeline_backfill_complete", "1 when the backfill reached the end.",
                    timeline.backfillComplete ? 1 : 0
                ),
                (
                    "icebox_timeline_last_success_timestamp_seconds",
                    "When the timeline last synced successfully (Unix time; 0: never).", success
                ),
            ]
            for (name, help, value) in perTimeline {
                registry.makeGauge(descriptor: Self.metric(name, help), labels: labels).set(value)
            }
        }
        for count in try await store.notificationCounts() {
            registry.makeGauge(
                descriptor: Self.metric("icebox_notifications", "Notifications kept, by type."),
                labels: [("type", count.type)]
            )
            .set(Double(count.count))
        }
        for count in try await store.relationCounts() {
            for (state, value) in [("holding", count.holding), ("ended", count.ended)] {
                registry.makeGauge(
                    descriptor: Self.metric("icebox_relations", "Relations in the ledger, by kind and state."),
                    labels: [("kind", count.kind), ("state", state)]
                )
                .set(Double(value))
            }
        }
        try await rateBudgetMetrics(registry)
        let refused = refusals.current
        for reason in Set(["host", "cross-site", "secret"]).union(refused.keys) {
            let help = "Requests the reader refused before reading anything for them, by reason."
            registry.makeCounter(
                descriptor: Self.metric("icebox_reader_refused_requests_total", help), labels: [("reason", reason)]
            )
            .increment(by: Int64(refused[reason] ?? 0))
        }
        return Reply(
            status: .ok, type: "text/plain; version=0.0.4; charset=utf-8",
            body: Data(Self.stableOrder(registry.emitToString()).utf8))
    }

    /// The registry's text with its families sorted by name and each family's series by their labels:
    /// the registry emits them in its dictionaries' order, which changes from one scrape to the next.
    static func stableOrder(_ text: String) -> String {
        var families: [String: (head: [Substring], series: [Substring])] = [:]
        var current = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# ") {
                let words = line.split(separator: " ", maxSplits: 3)
                current = words.count > 2 ? String(words[2]) : ""
                families[current, default: ([], [])].head.append(line)
            } else {
                families[current, default: ([], [])].series.append(line)
            }
        }
        return families.keys.sorted().map { name in
            let family = families[name] ?? ([], [])
            return (family.head + family.series.sorted()).joined(separator: "\n") + "\n"
        }
        .joined()
    }

    static func metric(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }
}
