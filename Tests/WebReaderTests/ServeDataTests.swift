import Foundation
import HTTPTypes
import IceboxTestSupport
import Testing

/// What machines read: the CLI's own JSON records, the search total `icebox search --count` gives, and
/// `/metrics` as Prometheus text.
@Suite(.serialized) struct ServeDataTests {
    static let queries = ["hostile", "-is:reply", "is:reply", "has:media", "#fixtures", "from:me"]

    @Test(arguments: ServedStore.allCases) func searchTotalsAreTheCLICounts(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving { served in
            for query in Self.queries {
                let cli = try await archive.icebox("search", query, "--count")
                let count = try #require(Int(cli.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(query)")
                let page = try await served.get("/search?q=" + Self.encoded(query))
                #expect(page.status == .ok, "\(query)")
                #expect(ServeRouteTests.total(in: page.body) == count, "\(query): \(count) posts")
            }
        }
    }

    /// The note on posts hidden by consent says as many as `--all` adds to the CLI's count, and only then.
    @Test(arguments: ServedStore.allCases) func hiddenNoteCountsWhatAllAdds(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving { served in
            var hiddenSomewhere = false
            for query in Self.queries {
                let shown = try await archive.icebox("search", query, "--count").stdout
                let all = try await archive.icebox("search", query, "--count", "--all").stdout
                let hidden =
                    try #require(Int(all.trimmingCharacters(in: .whitespacesAndNewlines)))
                    - (try #require(Int(shown.trimmingCharacters(in: .whitespacesAndNewlines))))
                let page = try await served.get("/search?q=" + Self.encoded(query))
                #expect(page.body.contains("<p class=\"hidden-note\">") == (hidden > 0), "\(query): \(hidden) hidden")
                if hidden > 0 {
                    hiddenSomewhere = true
                    #expect(page.body.contains("\(hidden) match"), "\(query): says \(hidden)")
                }
            }
            #expect(hiddenSomewhere, "the fixtures have an author who opted out")
        }
    }

    @Test(arguments: ServedStore.allCases) func jsonIsTheCLIRecords(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving { served in
            for query in Self.queries {
                let cli = try await archive.icebox("search", query, "--json")
                let response = try await served.get("/search?q=" + Self.encoded(query), json: true)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.body == cli.stdout, "\(query): the same bytes as search --json")
            }
            let second = try await served.get("/search?q=-is:reply&page=2", json: true)
            #expect(second.body == (try await archive.icebox("search", "-is:reply", "--json", "--offset", "20")).stdout)
            let timelines = try await served.get("/", json: true)
            #expect(timelines.body == (try await archive.icebox("timeline", "list", "--json")).stdout)
            let stats = try await served.get("/stats", json: true)
            let cliStats = try await archive.icebox("stats", "--json")
            #expect(
                try Self.object(stats.body, without: "database_bytes")
                    == Self.object(cliStats.stdout, without: "database_bytes"))
        }
    }

    @Test(arguments: ServedStore.allCases) func metricsAreValidPrometheusText(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving { served in
            let (status, headers, body) = try await served.get("/metrics")
            #expect(status == .ok)
            #expect(headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
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
            let stats = try #require(
                try JSONSerialization.jsonObject(with: Data((try await archive.icebox("stats", "--json")).stdout.utf8))
                    as? [String: Any])
            #expect(values["icebox_statuses"] == (stats["statuses"] as? Int).map(Double.init))
            #expect(values["icebox_unreadable_kept"] != nil && values["icebox_media_files"] != nil)
            #expect(
                values.keys.contains { $0.hasPrefix("icebox_timeline_last_success_timestamp_seconds{timeline=\"home") })
            #expect(values.keys.contains { $0.hasPrefix("icebox_timeline_open_gaps{") })
            #expect((values.first { $0.key.hasPrefix("icebox_timeline_statuses{timeline=\"home") }?.value ?? 0) > 0)
        }
    }

    static func encoded(_ query: String) -> String {
        query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
    }

    /// A JSON object as text, less one key, to compare documents whose one field may move.
    static func object(_ text: String, without key: String) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        object[key] = nil
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
