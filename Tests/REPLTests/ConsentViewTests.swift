import ArchiveCore
import Foundation
import REPL
import SearchQuery
import Testing

/// The REPL's timeline and author views follow the one consent rule `icebox search` and serve follow
/// (m3 of NEWUSER-2026-11-29): the posts a search finds, and a heading that says how many it hid.
@Suite struct ConsentViewTests {
    @Test func timelineAndAuthorViewsCountAsSearchDoesAndSayWhatTheyHid() async throws {
        let fixture = try await REPLArchive.shared.value
        let archive = fixture.archive
        // A pinned timeline holding posts of authors who opted out (the real fixtures' feed does).
        var picked: (spec: String, query: SearchQuery, shown: Int, all: Int)?
        for timeline in try await archive.timelines() {
            let query = SearchQuery(filters: [.init(.inTimeline(timeline.spec))])
            let shown = try await archive.count(query, consent: .honoured)
            let all = try await archive.count(query, consent: .off)
            if all > shown, shown > 0 { picked = (timeline.spec, query, shown, all) }
        }
        let (spec, home, shown, all) = try #require(picked, "a timeline holds posts of authors who opted out")
        var session = fixture.session()
        let timeline = await session.execute("timeline \(spec)")
        #expect(timeline.failure == nil)
        #expect(
            timeline.output.hasPrefix("timeline:\(spec): \(shown) archived posts; \(all - shown) more hidden"),
            "\(timeline.output.prefix(200))")
        #expect(session.numbered.count == shown)

        // An author who opted out: their page lists what a search of them finds.
        let hidden = try await archive.search(home, sort: .newest, limit: 100_000, offset: 0, consent: .off)
        let kept = Set(
            try await archive.search(home, sort: .newest, limit: 100_000, offset: 0, consent: .honoured).map(\.number))
        let author = try #require(hidden.first { !kept.contains($0.number) }?.acct)
        let query = try #require(SearchQuery.author(author))
        let authorShown = try await archive.count(query, consent: .honoured)
        let authorAll = try await archive.count(query, consent: .off)
        let page = await session.execute("account \(author)")
        if authorShown == 0 {
            #expect(
                page.failure?.contains("all \(authorAll) archived posts are hidden") == true,
                "\(String(describing: page.failure))")
        } else {
            #expect(page.output.contains("\(authorShown) archived post"), "\(page.output.prefix(200))")
            #expect(page.output.contains("\(authorAll - authorShown) more hidden"))
        }
    }
}
