import ArchiveCore
import ArchivePostgres
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import SearchQuery
import Testing

/// `icebox migrate`'s copy: SQLite → PostgreSQL → SQLite keeps every row and every raw JSON byte.
@Suite(.serialized) struct MigrateTests {
    @Test func anArchiveRoundTripsThroughPostgreSQLWithEveryRowAndByte() async throws {
        try await withTestServer { server in
            try await TestStore.with(.sqlite, "migrate-from") { original in
                try await TestStore.with(.postgres, "migrate-pg") { postgres in
                    try await TestStore.with(.sqlite, "migrate-back") { back in
                        _ = try await StoreConformanceTests.syncAlice(server, into: original)
                        let first = try #require(await server.timelineIDs(.local).first)
                        let uri = try #require(
                            try await original.store.allStatusURIs().first { $0.hasSuffix("/\(first)") })
                        let number = try #require(try await original.store.findStatus(uri))
                        _ = await server.editStatus(id: first, content: "<p>a second version to copy</p>")
                        // Notifications and the relation ledger go along too: alice gets some, and pins them.
                        let sender = try #require(await server.snapshot().localUsernames.first { $0 != "alice" })
                        for type in ["favourite", "follow", "future.kind"] {
                            #expect(await server.addNotification(to: "alice", type: type, from: sender) != nil)
                        }
                        let alice = try #require(try await original.store.accounts().first)
                        let pinning = try TimelinePinning(specText: "notifications", account: nil, accounts: [alice])
                        _ = try await original.store.addTimeline(
                            spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
                        _ = try await StoreConformanceTests.syncAlice(server, into: original)
                        // And what a file claims of alice's relations (Mastodon's CSVs).
                        try await original.store.storeRelationClaims(
                            [
                                RelationClaim(
                                    kind: .listMembers, acct: "bob@x.test", list: "=Work, team", claimedBy: "lists.csv",
                                    fileSHA256: String(repeating: "a", count: 64), line: 1)
                            ], account: alice.id, handle: alice.handle, file: "lists.csv")
                        // And the archive's settings (search consent, the graph's interval…).
                        try await original.store.setSetting("search-consent", "off")
                        for table in [
                            "settings", "notifications", "relations", "relation_walks", "relation_claims",
                            "author_versions",
                        ] {
                            #expect(try await original.store.rowCount(table) > 0, "the archive to copy has \(table)")
                        }
                        let logger = Logger(label: "migrate")
                        let forth = try await StoreCopy(
                            from: original.store, to: postgres.store, batch: 37, logger: logger
                        ).run()
                        let again = try await StoreCopy(from: postgres.store, to: back.store, batch: 53, logger: logger)
                            .run()
                        #expect(forth.statusesVerified > 100 && again.statusesVerified == forth.statusesVerified)
                        #expect(forth.tables == again.tables, "every table the same length both ways")
                        for table in archiveTables {
                            let columns = try await original.store.copiedColumns(table)
                            let count = try await original.store.rowCount(table)
                            #expect(
                                try await back.store.readRows(table, columns: columns, offset: 0, limit: count + 1)
                                    == original.store.readRows(table, columns: columns, offset: 0, limit: count + 1),
                                "\(table) is the same, row by row, after the round trip")
                        }
                        // The copies work as archives: search, versions, new statuses after the copied ids.
                        let query = try SearchQuery(parsing: "second version")
                        #expect(
                            try await postgres.store.search(query).map(\.uri)
                                == original.store.search(query).map(\.uri))
                        #expect(try await back.store.status(number: number).versions.count == 1)
                        // Tokens are not in any store: the credentials file goes along with the home folder.
                        try FileManager.default.copyItem(
                            at: original.folder.url.appending(path: "credentials.json"),
                            to: postgres.folder.url.appending(path: "credentials.json"))
                        _ = await server.editStatus(id: first, content: "<p>a third version after the copy</p>")
                        let more = try await StoreConformanceTests.syncAlice(server, into: postgres)
                        #expect(more.timelines.allSatisfy { $0.error == nil }, "\(more.timelines.compactMap(\.error))")
                        #expect(
                            try await postgres.store.status(number: number).versions.count == 2,
                            "new versions land on the copied rows, after the copied ids")
                    }
                }
            }
        }
    }

    @Test func aCopyIntoAStoreThatHoldsAnArchiveIsRefused() async throws {
        try await withTestServer { server in
            try await TestStore.with(.sqlite, "migrate-full-a") { first in
                try await TestStore.with(.sqlite, "migrate-full-b") { second in
                    _ = try await StoreConformanceTests.syncAlice(server, into: first)
                    _ = try await StoreConformanceTests.syncAlice(server, into: second)
                    await #expect(throws: ArchiveError.self) {
                        _ = try await StoreCopy(from: first.store, to: second.store, logger: Logger(label: "migrate"))
                            .run()
                    }
                }
            }
        }
    }
}
