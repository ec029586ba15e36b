import ArchiveCore
import Export
import Foundation
import GRDB
import IceboxTestSupport
import Logging
import Testing

@testable import HistoryImport

/// An account's boosts in its export in Mastodon's format: the synced ones (statuses of their own in the
/// archive) as well as those an import named, each an `Announce` with its id, date and visibility, and
/// read back by `import mastodon-export` as the same boosts.
@Suite("Boosts in a Mastodon export")
struct BoostRoundTripTests {
    @Test func aSyncedAccountsBoostsAreAnnouncedAndImportBackWithTheirDateAndVisibility() async throws {
        try await withTestServer({ $0.statusCount = 1000 }) { server in
            let folder = try TemporaryDirectory("icebox-boosts")
            let synced = try await AliceArchive.sync(
                from: server, into: folder.url, logger: Logger(label: "test"),
                alsoPinning: ["own"])
            let handle = try #require(try await synced.accounts().first?.handle)
            let boosts = try await synced.archivedBoosts(by: handle)
            try #require(boosts.count >= 2, "the test server's alice boosts at 1,000 statuses")
            // One boost made unlisted, as Mastodon lets a boost be: its Announce is addressed so.
            let unlisted = try #require(boosts.first?.activityURI)
            let queue = try DatabaseQueue(path: folder.url.appending(path: "archive.sqlite").path)
            try await queue.write { db in
                try db.execute(sql: "UPDATE statuses SET visibility = 'unlisted' WHERE uri = ?", arguments: [unlisted])
            }
            try queue.close()
            let expected = try await synced.archivedBoosts(by: handle)

            let file = folder.url.appending(path: "alice.zip")
            let exporter = Exporter(
                archive: synced, home: IceboxHome(directory: folder.url), version: "test",
                logger: Logger(label: "test"))
            _ = try await exporter.exportMastodonAccount(handle: handle, to: .file(file))
            let outbox = try await CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/unzip"), ["-p", file.path, "outbox.json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(outbox.stdout.utf8)) as? [String: Any])
            let items = try #require(document["orderedItems"] as? [[String: Any]])
            let announces = items.filter { $0["type"] as? String == "Announce" }
            #expect(announces.map { $0["id"] as? String } == expected.map(\.activityURI))
            #expect(announces.map { $0["object"] as? String } == expected.map(\.uri))
            #expect(announces.map { $0["published"] as? String } == expected.map(\.publishedAt))
            let publicCollection = "https://www.w3.org/ns/activitystreams#Public"
            for (announce, boost) in zip(announces, expected) {
                let to = announce["to"] as? [String] ?? []
                let cc = announce["cc"] as? [String] ?? []
                #expect(
                    boost.visibility == "unlisted"
                        ? cc.contains(publicCollection) && !to.contains(publicCollection)
                        : to.contains(publicCollection), "\(announce)")
            }
            #expect(document["totalItems"] as? Int == items.count)

            let copy = try ImportFixture()
            let report = try await copy.run(file)
            #expect(report.stored.unreadable == 0)
            let imported = try await copy.archive.references(kind: .boost)
            func described(_ boosts: [ImportedReference]) -> [String] {
                boosts.map { "\($0.uri) \($0.activityURI ?? "-") \($0.publishedAt ?? "-") \($0.visibility ?? "-")" }
                    .sorted()
            }
            #expect(described(imported) == described(expected))
            #expect(imported.filter { $0.visibility == "unlisted" }.map(\.activityURI) == [unlisted])
        }
    }

    /// A boost both archived and named by an import is announced once.
    @Test func aBoostArchivedAndNamedIsAnnouncedOnce() {
        let archived = ImportedReference(
            accountHandle: "a@x", kind: .boost, uri: "https://x/p/1",
            activityURI: "https://x/users/a/statuses/9/activity",
            publishedAt: "2024-02-01T00:00:00Z", visibility: "public")
        let named = [
            ImportedReference(
                accountHandle: "a@x", kind: .boost, uri: "https://x/p/1", activityURI: "other",
                publishedAt: "2024-02-01T00:00:00Z"),
            ImportedReference(
                accountHandle: "a@x", kind: .boost, uri: "https://y/p/2", publishedAt: "2024-01-01T00:00:00Z"),
        ]
        #expect(Exporter.boosts(archived: [archived], named: named).map(\.uri) == ["https://y/p/2", "https://x/p/1"])
    }
}
