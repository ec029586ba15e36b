import Foundation
import HTTPTypes
import IceboxTestSupport
import Testing

/// `/metrics` parsed as Prometheus text, each value checked against the archive: the totals of
/// `icebox stats`, per timeline its statuses, media, last success and open gaps as the store holds them,
/// and on a shared store the rate budget the last sync kept.
@Suite(.serialized) struct ServeMetricsTests {
    @Test(arguments: ServedStore.allCases) func metricsAreTheArchivesValues(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving { served in
            // Other suites store media files in this shared archive while this one runs (ServeMediaTests),
            // so the totals are read before and after /metrics: each metric must lie between the two.
            func totals() async throws -> [String: Any] {
                try #require(
                    try JSONSerialization.jsonObject(
                        with: Data((try await archive.icebox("stats", "--json")).stdout.utf8)) as? [String: Any])
            }
            let before = try await totals()
            let (status, headers, body) = try await served.get("/metrics")
            #expect(status == .ok)
            #expect(headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let values = try Self.samples(body)
            let stats = try await totals()
            for (metric, key) in [
                ("icebox_statuses", "statuses"), ("icebox_unreadable_kept", "unreadable"),
                ("icebox_media_files", "media_files"), ("icebox_media_attachments", "media_attachments"),
            ] {
                let low = try #require((before[key] as? Int).map(Double.init), "\(key)")
                let high = try #require((stats[key] as? Int).map(Double.init), "\(key)")
                let value = try #require(values[metric], "\(metric)")
                #expect(low <= value && value <= high, "\(metric): \(value), the archive's \(low)…\(high)")
            }
            let timelines = try #require(
                try JSONSerialization.jsonObject(
                    with: Data((try await archive.icebox("timeline", "list", "--json")).stdout.utf8))
                    as? [[String: Any]])
            #expect(timelines.count == 4)
            var attachmentsSomewhere = 0.0
            for timeline in timelines {
                let id = try #require(timeline["id"] as? Int)
                let spec = try #require(timeline["spec"] as? String)
                let handle = timeline["account_handle"] as? String
                let label = "{timeline=\"\(handle.map { "\(spec) (\($0))" } ?? spec)\"}"
                #expect(
                    values["icebox_timeline_statuses" + label] == (timeline["status_count"] as? Int).map(Double.init))
                let success = try #require(values["icebox_timeline_last_success_timestamp_seconds" + label])
                let recorded = try await archive.query(
                    "SELECT last_success_at FROM timelines WHERE id = \(id)"
                ).first
                #expect(abs(success - (Self.unixTime(recorded) ?? 0)) < 1, "\(spec): \(recorded ?? "never")")
                let gaps = try await archive.query(
                    "SELECT COUNT(*) FROM timeline_gaps WHERE timeline_id = \(id) AND closed_at IS NULL")
                #expect(values["icebox_timeline_open_gaps" + label] == gaps.first.flatMap(Double.init), "\(spec)")
                // Counted here from the attachments table itself, not through the view the store reads.
                let media = try await archive.query(
                    """
                    SELECT COUNT(*) FROM media_attachments a JOIN timeline_statuses ts ON ts.status_id = a.status_id
                    WHERE ts.timeline_id = \(id)
                    """)
                let attachments = try #require(values["icebox_timeline_media_attachments" + label])
                #expect(attachments == media.first.flatMap(Double.init), "\(spec)")
                #expect(values["icebox_timeline_media_stored" + label] == 0, "\(spec): media were not downloaded")
                attachmentsSomewhere += attachments
            }
            #expect(attachmentsSomewhere > 0)
            // The relation ledger by kind and state, counted here from its table.
            let relations = try await archive.query(
                "SELECT kind, SUM(CASE WHEN ended_at IS NULL THEN 1 ELSE 0 END), COUNT(*) FROM relations GROUP BY kind")
            #expect(relations.contains { $0.hasPrefix("following|") })
            for row in relations {
                let columns = row.split(separator: "|").map(String.init)
                let holding = try #require(Double(columns[1]))
                let ended = try #require(Double(columns[2])) - holding
                let label = "{kind=\"\(columns[0])\",state="
                #expect(values["icebox_relations" + label + "\"holding\"}"] == holding, "\(row)")
                #expect(values["icebox_relations" + label + "\"ended\"}"] == ended, "\(row)")
            }
            try await Self.expectBudgets(values, archive, kind)
        }
    }

    /// On PostgreSQL the budget the sync kept, per server and account (the window as the store says,
    /// whole again once reset); SQLite keeps none, so none is reported.
    private static func expectBudgets(_ values: [String: Double], _ archive: ServedArchive, _ kind: ServedStore)
        async throws
    {
        let reported = values.filter { $0.key.hasPrefix("icebox_rate_budget_") }
        guard kind == .postgres else {
            #expect(reported.isEmpty)
            return
        }
        let kept = try await archive.query(
            """
            SELECT b.server, COALESCE(a.handle, b.client), b.limit_count,
                CASE WHEN b.reset_at <= now() THEN b.limit_count ELSE b.remaining END
            FROM rate_budgets b LEFT JOIN archiving_accounts a ON b.client = a.id::text ORDER BY 1, 2
            """)
        #expect(!kept.isEmpty, "the sync kept a budget")
        for row in kept {
            let columns = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            try #require(columns.count == 4)
            let label = "{server=\"\(columns[0])\",account=\"\(columns[1])\"}"
            #expect(values["icebox_rate_budget_limit" + label] == Double(columns[2]), "\(label)")
            #expect(values["icebox_rate_budget_remaining" + label] == Double(columns[3]), "\(label)")
            #expect(values["icebox_rate_budget_reset_timestamp_seconds" + label] != nil, "\(label)")
        }
        #expect(reported.count == kept.count * 3)
    }

    /// Each sample of a Prometheus text by its name and labels; anything else in the text fails.
    static func samples(_ body: String) throws -> [String: Double] {
        var values: [String: Double] = [:]
        for line in body.split(separator: "\n") {
            if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") { continue }
            let sample = try #require(
                line.wholeMatch(
                    of:
                        #/([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*")*\})?) (\S+)/#
                ),
                "not a Prometheus sample: \(line)")
            values[String(sample.1)] = Double(String(sample.2))
        }
        return values
    }

    /// A stored time (`2026-11-25T10:00:00.123Z`, or PostgreSQL's text of a timestamp) in Unix seconds.
    private static func unixTime(_ text: String?) -> Double? {
        guard let text, !text.isEmpty else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}
