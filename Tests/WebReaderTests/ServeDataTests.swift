import Foundation
import HTTPTypes
import IceboxTestSupport
import Testing

/// What machines read: the CLI's own JSON records, and the search total `icebox search --count` gives.
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
