import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import SearchQuery
import Testing

/// The same server synced into both stores: both hold the same statuses byte for byte, find the same
/// statuses in the same order for every search operator (the SQLite results are checked against an oracle
/// of the archived JSON in `SearchTests`), and export the same thread as the same bytes.
@Suite(.serialized) struct StoresAgreeTests {
    static let queries = [
        "coffee", "Coffee", "caf*", "\"tour Eiffel\"", "Eiffel -guides", "gare OR guides", "-coffee", "café crème",
        "東京", "タワー", "京", "กรุงเทพ", "has:media", "has:image", "has:video", "has:audio", "has:poll", "has:link",
        "has:embed", "has:alt", "-has:media", "is:reply", "-is:reply", "is:sensitive", "is:boost", "language:ja",
        "-language:en", "from:me", "from:@halcy", "from:@halcy@icosahedron.website", "in:home", "in:local -in:home",
        "before:2030-01-01", "after:2000-01-01", "during:2026-01-01", "fixtures", "#fixtures", "\"don't panic\"",
        "emoji ☕", "https", "status 12", "account:alice@127.0.0.1", "-#fixtures", "is:direct", "is:private",
        "visibility:unlisted", "is:public coffee", "is:bookmarked", "is:favourited", "coffee AND keyboard",
        "coffee NOT keyboard", "-is:reply", "lang:ja",
    ]

    @Test func bothStoresHoldFindAndExportTheSame() async throws {
        try await withTestServer({ $0.statusCount = 120 }) { server in
            for (offset, planted) in [
                ("cafe", "<p>Un CAFÉ crème à la gare, puis la tour Eiffel</p>"),
                ("tokyo", "<p>今日は東京タワーに行きました</p>"), ("thai", "<p>ไปเที่ยวกรุงเทพกับเพื่อน</p>"),
                ("curly", "<p>She said “don’t panic” and left</p>"),
                ("order", "<p>Eiffel tour guides, not the tour Eiffel</p>"),
            ].enumerated() {
                let id = await server.timelineIDs(.local)[offset * 3 + 1]
                _ = await server.editStatus(id: id, content: planted.1)
            }
            try await TestStore.with(.sqlite, "agree-sqlite") { sqlite in
                try await TestStore.with(.postgres, "agree-postgres") { postgres in
                    _ = try await StoreConformanceTests.syncAlice(server, into: sqlite)
                    _ = try await StoreConformanceTests.syncAlice(server, into: postgres)
                    try await Self.compare(sqlite.store, postgres.store)
                    try await Self.compareExports(sqlite, postgres)
                }
            }
        }
    }

    /// With media (synthetic statuses only: their files are on the loopback server, and a test never
    /// looks up any other address), exported threads are the same bytes from either store.
    @Test func threadsWithMediaExportTheSameFromBothStores() async throws {
        try await withTestServer({
            $0.statusCount = 60
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(.sqlite, "agree-media-sqlite") { sqlite in
                try await TestStore.with(.postgres, "agree-media-postgres") { postgres in
                    _ = try await StoreConformanceTests.syncAlice(server, into: sqlite, media: true)
                    _ = try await StoreConformanceTests.syncAlice(server, into: postgres, media: true)
                    #expect(try await sqlite.store.stats().mediaFiles > 0)
                    #expect(try await postgres.store.stats().mediaFiles == sqlite.store.stats().mediaFiles)
                    try await Self.compareExports(sqlite, postgres)
                }
            }
        }
    }

    static func compare(_ sqlite: any ArchiveStore, _ postgres: any ArchiveStore) async throws {
        let uris = try await sqlite.allStatusURIs()
        #expect(try await postgres.allStatusURIs() == uris)
        for uri in uris {
            let left = try await sqlite.rawJSON(uri: uri)
            let right = try await postgres.rawJSON(uri: uri)
            #expect(left == right, "raw JSON of \(uri)")
        }
        #expect(try await postgres.unreadableStatuses().map(\.raw) == sqlite.unreadableStatuses().map(\.raw))
        var nonEmpty = 0
        for text in queries {
            let query = try SearchQuery(parsing: text)
            for sort in [SearchSort.newest, .oldest] {
                for consent in ConsentPolicy.allCases {
                    let expected = try await sqlite.search(query, sort: sort, limit: 1000, offset: 0, consent: consent)
                        .map(\.uri)
                    let found = try await postgres.search(query, sort: sort, limit: 1000, offset: 0, consent: consent)
                        .map(\.uri)
                    #expect(found == expected, "\(text) (\(sort), consent \(consent))")
                    if !expected.isEmpty { nonEmpty += 1 }
                }
            }
            #expect(try await postgres.count(query) == sqlite.count(query), "count of \(text)")
            #expect(try await postgres.count(query, consent: .off) == sqlite.count(query, consent: .off))
            let page = try await postgres.search(query, sort: .newest, limit: 5, offset: 3).map(\.uri)
            #expect(
                page == (try await sqlite.search(query, sort: .newest, limit: 5, offset: 3).map(\.uri)),
                "page of \(text)")
        }
        #expect(nonEmpty > queries.count * 2, "most queries find something")
        #expect(!(try await sqlite.optedOutAuthors()).isEmpty, "the corpus has authors who opted out")
        #expect(try await postgres.optedOutAuthors() == sqlite.optedOutAuthors())
        #expect(try await postgres.breakdown(timelineID: nil, top: 10) == sqlite.breakdown(timelineID: nil, top: 10))
        let home = try #require(try await sqlite.timelines().first { $0.spec == "home" })
        #expect(
            try await postgres.breakdown(timelineID: home.id, top: 5) == sqlite.breakdown(timelineID: home.id, top: 5))
        #expect(
            try await postgres.timelineNumbers(timelineID: home.id, since: nil, until: nil).count
                == sqlite.timelineNumbers(timelineID: home.id, since: nil, until: nil).count)
        try await postgres.setConsentPolicy(.off)
        #expect(try await postgres.consentPolicy() == .off)
        let relevance = try await postgres.search(
            try SearchQuery(parsing: "Eiffel"), sort: .relevance, limit: 10, offset: 0)
        #expect(
            Set(relevance.map(\.uri))
                == Set(
                    try await sqlite.search(
                        try SearchQuery(parsing: "Eiffel"), sort: .relevance,
                        limit: 10, offset: 0
                    ).map(\.uri)))
        let stats = try await sqlite.stats()
        var other = try await postgres.stats()
        other.databaseBytes = stats.databaseBytes
        #expect(other == stats)
        #expect(try await postgres.authorHandles() == sqlite.authorHandles())
        var boosters = 0
        for handle in try await sqlite.authorHandles() {
            let boosts = try await sqlite.archivedBoosts(by: handle)
            #expect(try await postgres.archivedBoosts(by: handle.uppercased()) == boosts, "boosts by \(handle)")
            if !boosts.isEmpty { boosters += 1 }
        }
        #expect(boosters > 0, "the corpus has boosts")
        #expect(try await postgres.tagNames() == sqlite.tagNames())
    }

    /// Every thread with a reply, exported from each store, is the same tarball byte for byte.
    static func compareExports(_ sqlite: TestStore, _ postgres: TestStore) async throws {
        let logger = Logger(label: "agree-export")
        var exported = 0
        for uri in try await sqlite.store.allStatusURIs() {
            guard let left = try await sqlite.store.findStatus(uri),
                let right = try await postgres.store.findStatus(uri),
                try await sqlite.store.status(number: left).parent != nil
            else { continue }
            var tarballs: [Data] = []
            for (test, number) in [(sqlite, left), (postgres, right)] {
                let exporter = Exporter(
                    archive: test.store, home: IceboxHome(directory: test.folder.url), version: "test",
                    logger: logger)
                let file = test.folder.url.appending(path: "thread-\(exported).tar.gz")
                _ = try await exporter.exportThread(around: number, to: .file(file))
                tarballs.append(try Data(contentsOf: file))
            }
            #expect(tarballs[0] == tarballs[1], "the thread of \(uri) exports the same bytes from both stores")
            exported += 1
            if exported == 5 { break }
        }
        #expect(exported > 0)
    }
}
