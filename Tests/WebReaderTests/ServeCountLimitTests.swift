import Foundation
import IceboxTestSupport
import Testing

/// `icebox serve --count-limit 3`: a search's total above 3 is "more than 3 posts" with a link to the
/// exact count (`&count=all`, the number `icebox search --count` gives); a total of 3 or fewer, and a sole
/// `#tag`'s when consent filters none of it, stay exact; the note on posts hidden by consent never says a
/// wrong number; and the pages still reach the last match.
@Suite(.serialized) struct ServeCountLimitTests {
    @Test(arguments: ServedStore.allCases) func totalsAboveTheLimitSayMoreThanAndCountOnAsking(
        _ kind: ServedStore
    ) async throws {
        guard let archive = try await kind.archive() else { return }
        try await archive.serving(["--count-limit", "3"]) { served in
            var bounded = 0
            var exactUnderLimit = 0
            var hiddenNotes = 0
            for query in ServeDataTests.queries {
                let shown = try await Self.cliCount(archive, query)
                let hidden = try await Self.cliCount(archive, query, "--all") - shown
                let path = "/search?q=" + ServeDataTests.encoded(query)
                let page = try await served.get(path).body
                if shown <= 3 {
                    #expect(ServeRouteTests.total(in: page) == shown, "\(query): exact \(shown)")
                    #expect(!page.contains("count them all"), "\(query)")
                    if shown > 0 && shown <= 3 { exactUnderLimit += 1 }
                } else {
                    bounded += 1
                    #expect(page.contains("class=\"summary\">more than 3 posts"), "\(query): more than 3")
                    #expect(ServeRouteTests.total(in: page) == nil, "\(query): no exact number")
                    #expect(
                        page.contains(#/href="/search\?[^"]*count=all[^"]*">count them all</a>/#),
                        "\(query): a link to count")
                    let exact = try await served.get(path + "&count=all").body
                    #expect(ServeRouteTests.total(in: exact) == shown, "\(query): counted all, \(shown)")
                    #expect(!exact.contains("count them all"), "\(query)")
                    #expect(Self.hiddenNote(in: exact) == (hidden > 0 ? "\(hidden)" : nil), "\(query), counted all")
                }
                // Under the limit the note says the number, at least a true floor, or no number.
                if let note = Self.hiddenNote(in: page) {
                    hiddenNotes += 1
                    if let floor = note.wholeMatch(of: #/at least (\d+)/#).flatMap({ Int($0.1) }) {
                        #expect(floor > 0 && floor <= hidden, "\(query): at least \(floor) of \(hidden) hidden")
                    } else if note != "some" {
                        #expect(note == "\(hidden)", "\(query): \(hidden) hidden")
                    } else {
                        #expect(shown > 3, "\(query): no number only when the totals stopped at the limit")
                    }
                } else {
                    #expect(hidden == 0, "\(query): \(hidden) hidden and no note")
                }
            }
            #expect(bounded > 0 && exactUnderLimit > 0, "the fixtures have large and small totals")
            #expect(hiddenNotes > 0, "the fixtures have an author who opted out")

            // A sole `#tag` is counted as any search is while consent filters it (even when it hides none
            // of its posts), and from the index of tags, exactly at any size, when it does not (`all=1`).
            let tagged = "/search?q=%23several"
            #expect(try await served.get(tagged).body.contains("class=\"summary\">more than 3 posts"))
            let everyone = try await served.get(tagged + "&all=1").body
            #expect(ServeRouteTests.total(in: everyone) == ServedArchive.severalTagged, "#several, all: exact")
            #expect(!everyone.contains("count them all"))

            // The pages go on past the limit, to the last match, and stop there (said exactly once the count
            // was asked for above, `count=all`, when the store keeps counts).
            let query = "-is:reply"
            let shown = try await Self.cliCount(archive, query)
            #expect(shown > 20, "more than a page")
            var page = 1
            var last = 0
            while page < 100 {
                let body = try await served.get("/search?q=\(ServeDataTests.encoded(query))&page=\(page)").body
                let range = try #require(
                    body.firstMatch(of: #/(?:more than 3|\d+) posts, (\d+)–(\d+) shown/#), "page \(page)")
                #expect(Int(range.1) == (page - 1) * 20 + 1, "page \(page)")
                last = Int(range.2) ?? 0
                guard body.contains("rel=\"next\"") else { break }
                page += 1
            }
            #expect(last == shown, "the last page ends at the last match")
        }
    }

    /// What `icebox search --count` prints.
    static func cliCount(_ archive: ServedArchive, _ query: String, _ options: String...) async throws -> Int {
        let result = try await ServedArchive.icebox(
            ["search", query, "--count"] + options + ["--home", archive.home.path]
                + (archive.store.map { ["--store", $0] } ?? []))
        return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
    }

    /// The hidden-by-consent note's number: "12", "at least 3", or "some" when it gives none; nil without
    /// a note.
    static func hiddenNote(in page: String) -> String? {
        guard let note = page.firstMatch(of: #/<p class="hidden-note">([^<]*)/#).map({ String($0.1) }) else {
            return nil
        }
        if let floor = note.firstMatch(of: #/^At least (\d+) match/#) { return "at least \(floor.1)" }
        if let number = note.firstMatch(of: #/^(\d+) match/#) { return String(number.1) }
        return "some"
    }
}
