import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import MastodonTestServer
import Testing

/// The user's marks (`statuses.user_marks`: a post bookmarked, favourited, in the user's own lists,
/// served as interacted with, mentioning or boosted by one of the user's accounts) are one representation
/// on both stores: the same bits on the same rows after the same sync, and after an account is added
/// whose mentions and boosts were archived before it.
@Suite(.serialized) struct UserMarksConformanceTests {
    @Test func bothStoresKeepTheSameMarksOnTheSameRows() async throws {
        try await withTestServer({ $0.statusCount = 80 }) { server in
            let feed = await server.timelineIDs(.home("alice"))
            for id in [feed[3], feed[8], feed[20]] { _ = await server.bookmark(statusID: id, username: "alice") }
            for id in [feed[8], feed[11]] { _ = await server.favourite(statusID: id, username: "alice") }
            _ = await server.addStatus(
                username: "bob", text: "Lunch, carol?", visibility: "public", mentioning: ["carol"])
            let boosted = try #require(
                await server.addStatus(username: "dave", text: "Worth a read", visibility: "public"))
            _ = await server.addBoost(of: boosted, username: "carol")
            try await TestStore.with(.sqlite, "marks-sqlite") { sqlite in
                try await TestStore.with(.postgres, "marks-postgres") { postgres in
                    for test in [sqlite, postgres] {
                        _ = try await StoreConformanceTests.syncAlice(server, into: test)
                        let alice = try #require(try await test.store.accounts().first)
                        for spec in ["bookmarks", "favourites", "own", "mentions"] {
                            let pinning = try TimelinePinning(specText: spec, account: nil, accounts: [alice])
                            _ = try await test.store.addTimeline(
                                spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
                        }
                        _ = try await StoreConformanceTests.syncAlice(server, into: test)
                    }
                    let marks = try await Self.marks(sqlite.store)
                    #expect(try await Self.marks(postgres.store) == marks)
                    // What schema/postgres/0031 computes for the rows an older store holds is what its triggers keep.
                    let differing = try await postgres.store.executor.fetchFirst(
                        SQLStatement(
                            """
                            SELECT count(*) AS n FROM statuses s
                            WHERE s.user_marks <> icebox_copy_marks(s.raw_json, s.raw_server) | icebox_listed_marks(s.id, s.uri)
                            """)
                    ) { try $0.integer("n") }
                    #expect(differing == 0)
                    let bits = marks.values.reduce(0, |)
                    #expect(
                        bits & 1 != 0 && bits & 2 != 0 && bits & 8 != 0,
                        "bookmarked, favourited, own posts marked: \(bits)")

                    // Two accounts added now: carol, whom a post mentions, and the author of an archived boost.
                    // What each mentioned or boosted becomes the user's.
                    let carol = try #require(
                        try await sqlite.store.executor.fetchFirst(
                            SQLStatement("SELECT author_handle FROM statuses WHERE author_handle LIKE 'carol@%'")
                        ) { try $0.text("author_handle") })
                    let mentioning = try #require(
                        try await sqlite.store.executor.fetchFirst(
                            SQLStatement("SELECT uri FROM statuses WHERE content LIKE '%Lunch, carol?%'")
                        ) { try $0.text("uri") })
                    let (booster, boosted) = try #require(
                        try await sqlite.store.executor.fetchFirst(
                            SQLStatement(
                                """
                                SELECT b.author_handle, b.reblog_uri FROM statuses b JOIN statuses p ON p.uri = b.reblog_uri
                                WHERE (p.user_marks & 64) = 0 ORDER BY b.uri
                                """)
                        ) { (try $0.text("author_handle"), try $0.text("reblog_uri")) })
                    for test in [sqlite, postgres] {
                        for (number, handle) in [carol, booster].enumerated() {
                            // The profile URL as the test server writes it (`AccountRenderer`), as mentions name it.
                            let parts = handle.split(separator: "@")
                            try await test.store.addAccount(
                                handle: handle, server: server.baseURL.absoluteString, remoteID: "added-\(number)",
                                username: String(parts[0]), displayName: handle,
                                url: "https://\(parts.last ?? "")/@\(parts[0])")
                        }
                    }
                    let added = try await Self.marks(sqlite.store)
                    #expect(try await Self.marks(postgres.store) == added)
                    #expect((marks[mentioning] ?? 0) & 32 == 0 && (added[mentioning] ?? 0) & 32 != 0, "\(mentioning)")
                    #expect((marks[boosted] ?? 0) & 64 == 0 && (added[boosted] ?? 0) & 64 != 0, "\(boosted)")
                }
            }
        }
    }

    /// Every status's marks, by uri.
    static func marks(_ store: any ArchiveStore) async throws -> [String: Int64] {
        let rows = try await store.executor.fetch(SQLStatement("SELECT uri, user_marks FROM statuses")) {
            (try $0.text("uri"), try $0.integer("user_marks"))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }
}
