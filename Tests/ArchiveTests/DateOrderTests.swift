import ArchiveCore
import Foundation
import GRDB
import Models
import SearchQuery
import Testing

@testable import Archive

/// Search results in date order however the statuses were archived: backfill stores older posts after
/// newer ones, and posts created in the same millisecond keep the order they were archived in.
@Suite struct DateOrderTests {
    /// In the order they are archived: a catch-up page, a backfill page (older), another catch-up page,
    /// then a page from a second server (another author, u@b.example).
    static let pages: [(server: String, statuses: [(id: String, createdAt: String)])] = [
        ("a.example", [("10", "2026-03-02T12:00:00.000Z"), ("11", "2026-03-02T12:00:00.000Z")]),
        ("a.example", [("5", "2026-03-01T23:59:59.999Z"), ("4", "2026-03-01T08:00:00.000Z")]),
        ("a.example", [("6", "2026-03-02T00:00:00.000Z"), ("12", "2026-03-02T12:00:00.001Z")]),
        ("b.example", [("20", "2026-03-02T06:00:00.000Z"), ("21", "2026-03-01T10:00:00.000Z")]),
    ]
    /// Newest first; 11 and 10 share a millisecond and 11 was archived later.
    static let newestFirst = ["12", "11", "10", "20", "6", "5", "21", "4"]
    /// Those of u@a.example.
    static let fromA = ["12", "11", "10", "6", "5", "4"]

    func archived() async throws -> TemporaryArchive {
        let archive = try TemporaryArchive()
        let timeline = try await archive.database.addTimeline(spec: "home", accountID: nil, server: "https://a.example")
        for page in Self.pages {
            let statuses = page.statuses.map {
                Fixtures.status(id: $0.id, text: "kite number \($0.id)", host: page.server, createdAt: $0.createdAt)
            }
            _ = try await archive.database.store(
                statuses, server: page.server, timelineID: timeline.id, cursor: .init())
        }
        return archive
    }

    /// The ids of what a search finds, in its order.
    func ids(
        _ archive: TemporaryArchive, _ text: String, sort: SearchSort = .newest, limit: Int = 100,
        offset: Int = 0, sparseLimit: Int = SearchPlan.defaultSparseLimit
    ) async throws -> [String] {
        try await archive.database.search(
            try SearchQuery(parsing: text), sort: sort, limit: limit, offset: offset, consent: .honoured,
            sparseLimit: sparseLimit
        ).map { String($0.uri.split(separator: "/").last ?? "") }
    }

    @Test func everyPlanGivesTheDatesOrderNotTheArchivesOrder() async throws {
        let archive = try await archived()
        let cases = [
            ("kite", Self.newestFirst), ("kite from:@u@a.example", Self.fromA), ("from:@u@a.example", Self.fromA),
            ("from:@u", Self.newestFirst), ("has:media", Self.newestFirst), ("kite has:image", Self.newestFirst),
        ]
        // 0: every lookup counts as dense (the index is streamed); 1000: as sparse (candidates are sorted).
        for sparseLimit in [0, 1000] {
            for (text, expected) in cases {
                let found = try await ids(archive, text, sparseLimit: sparseLimit)
                #expect(found == expected, "\(text), sparse limit \(sparseLimit)")
                #expect(
                    try await ids(archive, text, sort: .oldest, sparseLimit: sparseLimit) == expected.reversed(),
                    "\(text) oldest first")
                let pages = try await [0, 3, 6].asyncFlatMap {
                    try await ids(archive, text, limit: 3, offset: $0, sparseLimit: sparseLimit)
                }
                #expect(pages == expected, "\(text) page by page")
                #expect(
                    try await archive.database.count(
                        try SearchQuery(parsing: text), consent: .honoured, sparseLimit: sparseLimit)
                        == expected.count)
            }
        }
    }

    @Test func dayFiltersCutAtUTCMidnightToTheMillisecond() async throws {
        let archive = try await archived()
        for sparseLimit in [0, 1000] {
            #expect(
                try await ids(archive, "kite after:2026-03-01", sparseLimit: sparseLimit) == [
                    "12", "11", "10", "20", "6",
                ])
            #expect(try await ids(archive, "kite before:2026-03-02", sparseLimit: sparseLimit) == ["5", "21", "4"])
            #expect(
                try await ids(archive, "kite during:2026-03-02 from:@u@a.example", sparseLimit: sparseLimit)
                    == ["12", "11", "10", "6"])
            #expect(try await ids(archive, "kite -during:2026-03-02", sparseLimit: sparseLimit) == ["5", "21", "4"])
            #expect(try await ids(archive, "during:2026-03-01", sparseLimit: sparseLimit) == ["5", "21", "4"])
            #expect(try await ids(archive, "kite after:2026-03-02", sparseLimit: sparseLimit).isEmpty)
        }
        let ranked = try await archive.database.search(
            try SearchQuery(parsing: "kite before:2026-03-02"), sort: .relevance)
        #expect(Set(ranked.map { String($0.uri.split(separator: "/").last ?? "") }) == ["5", "21", "4"])
    }

    @Test func anEditThatMovesCreatedAtMovesTheStatusAndKeepsTheIndexSound() async throws {
        let archive = try await archived()
        let timeline = try #require(try await archive.database.timelines().first)
        let moved = Fixtures.status(
            id: "4", text: "kite number 4, edited", editedAt: "2026-03-04T00:00:00.000Z",
            createdAt: "2026-03-03T00:00:00.000Z")
        _ = try await archive.database.store([moved], server: "a.example", timelineID: timeline.id, cursor: .init())
        #expect(try await ids(archive, "kite") == ["4", "12", "11", "10", "20", "6", "5", "21"])
        #expect(try await ids(archive, "edited") == ["4"])
        #expect(try await archive.database.integrityCheck() == "ok")
    }

    @Test func aRowWithoutAMatchingSortKeyIsRefused() async throws {
        let archive = try await archived()
        let queue = try DatabaseQueue(path: archive.database.path.path)
        let created = "2026-03-05T00:00:00.000Z"
        let floor = SortKey.floor(try #require(MastodonDate.parse(created)))
        func insert(_ key: Int64?) throws {
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO statuses(uri, created_at, author_handle, visibility, text, raw_json, raw_server,
                            first_seen_at, updated_at, sort_key)
                        VALUES ('https://a.example/99', ?, 'u@a.example', 'public', 'kite', X'7B7D', 'a.example', '', '', ?)
                        """, arguments: [created, key])
            }
        }
        #expect(throws: (any Error).self) { try insert(nil) }
        #expect(throws: (any Error).self) { try insert(floor - 1) }
        // A millisecond's keys may spill at most a minute above it (more than 4096 statuses in it).
        #expect(throws: (any Error).self) { try insert(floor + ((SortKey.maxSpill + 1) << SortKey.tieBits)) }
        try insert(floor + 5)
        #expect(try await ids(archive, "kite").first == "99")
        #expect(try await archive.database.integrityCheck() == "ok")
    }
}

extension Array {
    /// The results of an async transform, concatenated in order.
    func asyncFlatMap<T>(_ transform: (Element) async throws -> [T]) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results += try await transform(element) }
        return results
    }
}
