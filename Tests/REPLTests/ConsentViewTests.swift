import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
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

    /// A hashtag's view follows the same rule: on a tag carried by posts of an author who opted out
    /// (dave) and of one who did not (carol), it lists what `#tag` finds and says how many it hid.
    @Test func tagViewCountsAsSearchDoesAndSaysWhatItHid() async throws {
        var config = TestServerConfig()
        config.statusCount = 20
        let server = try await TestServer.start(config)
        #expect(await server.setSearchOptOut(username: "dave", indexable: false))
        for number in 1...2 { _ = await server.addStatus(username: "dave", text: "Mixed \(number)", tags: ["mixed"]) }
        _ = await server.addStatus(username: "carol", text: "Mixed too", tags: ["mixed"])
        let home = try TemporaryDirectory("icebox-repl-tags")
        let logger = Logger(label: "repl-test")
        let archive = try await AliceArchive.sync(from: server, into: home.url, logger: logger)
        await server.stop()
        let query = SearchQuery(filters: [.init(.tag("mixed"))])
        let shown = try await archive.count(query, consent: .honoured)
        let all = try await archive.count(query, consent: .off)
        #expect(shown == 1 && all == 3, "carol's post shown, dave's two hidden")
        var session = REPLSession(
            archive: archive,
            exporter: Exporter(
                archive: archive, home: IceboxHome(directory: home.url), version: "test", logger: logger),
            logger: logger, pageSize: 100)
        let page = await session.execute("tag mixed")
        #expect(page.failure == nil)
        #expect(page.output.hasPrefix("#mixed: \(shown) archived post; \(all - shown) more hidden"), "\(page.output)")
        #expect(session.numbered.count == shown)
    }
}
