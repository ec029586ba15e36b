import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import SearchQuery
import Testing

/// Authors' profiles as versions (issue 44), on each store: every distinct profile with when it was
/// first and last observed, and consent following the newest copy, never an older one: a file's copy
/// is observed no later than its post, so a profile inside a 2022 post (or a 2022 post boosted later)
/// never lifts an opt-out a newer copy showed.
@Suite struct ProfileVersionConformanceTests {
    private static let origin = "other.example"

    /// bob's account object: his name, and whether he lets himself be found.
    private static func bob(_ name: String, indexable: Bool, followers: Int = 1) -> String {
        """
        {"id":"7","username":"bob","acct":"bob@\(origin)","uri":"https://\(origin)/users/bob",
         "url":"https://\(origin)/@bob","display_name":"\(name)","note":"<p>kites</p>","indexable":\(indexable),
         "avatar":"https://\(origin)/avatars/\(name).png","followers_count":\(followers),
         "fields":[{"name":"site","value":"kites.example","verified_at":null}]}
        """
    }

    /// A post of bob's written on `day` (of March 2024, or `year`), with his profile as `account`.
    private static func post(_ id: Int, day: Int, year: Int = 2024, account: String) -> String {
        """
        {"id":"\(id)","uri":"https://\(origin)/users/bob/statuses/\(id)",
         "created_at":"\(year)-03-\(String(format: "%02d", day))T09:00:00.000Z","account":\(account),
         "content":"<p>kites number \(id)</p>","visibility":"public"}
        """
    }

    private static func status(_ json: String, servedBy server: String = origin) throws -> ArchivableStatus {
        try ArchivableStatus(decoding: Data(json.utf8), servedBy: server)
    }

    /// Imports `statuses` as a capture of bob's server's pages would be.
    private static func importing(_ statuses: [ArchivableStatus], file: String, into store: any ArchiveStore)
        async throws
    {
        let source = ImportSource(format: "warc", file: file, server: origin)
        try await store.importAtomically(source) { sink in
            _ = try sink.store(
                statuses.map { ImportedStatus(status: $0, source: nil, entry: "record", hasServerID: true) },
                unreadable: [])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anOlderFilesCopyNeverLiftsANewerFilesOptOut(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "versions-files") { test in
            try await test.store.setConsentPolicy(.honoured)
            // A 2025 capture: bob has opted out.
            try await Self.importing(
                [try Self.status(Self.post(5, day: 5, year: 2025, account: Self.bob("Bob", indexable: false)))],
                file: "new.warc.gz", into: test.store)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            // Imported after it, a 2022 capture from before he opted out.
            try await Self.importing(
                [try Self.status(Self.post(1, day: 1, year: 2022, account: Self.bob("Robert", indexable: true)))],
                file: "old.warc.gz", into: test.store)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"], "the older copy lifts nothing")
            let versions = try await test.store.profileVersions(of: "bob@other.example")
            #expect(versions.map(\.displayName) == ["Robert", "Bob"], "both copies are versions, oldest first")
            #expect(versions.map(\.current) == [false, true], "the newest is the profile")
            #expect(versions.map(\.source) == ["file", "file"])
            #expect(versions.first?.firstSeenAt == "2022-03-01T09:00:00.000Z")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anOldPostBoostedInAFileNeverLiftsANewerOptOut(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "versions-boost") { test in
            try await test.store.setConsentPolicy(.honoured)
            try await Self.importing(
                [try Self.status(Self.post(5, day: 5, year: 2025, account: Self.bob("Bob", indexable: false)))],
                file: "new.warc.gz", into: test.store)
            // alice boosted bob's 2022 post in 2025; the post carries bob's profile of 2022.
            let boost = """
                {"id":"30","uri":"https://\(Self.origin)/users/alice/statuses/30/activity",
                 "created_at":"2025-03-06T09:00:00.000Z",
                 "account":{"id":"8","username":"alice","acct":"alice@\(Self.origin)",
                            "uri":"https://\(Self.origin)/users/alice","url":"https://\(Self.origin)/@alice"},
                 "content":"","visibility":"public",
                 "reblog":\(Self.post(1, day: 1, year: 2022, account: Self.bob("Robert", indexable: true)))}
                """
            try await Self.importing([try Self.status(boost)], file: "boosts.warc.gz", into: test.store)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            #expect(try await test.store.count(try SearchQuery(parsing: "kites"), consent: .honoured) == 0)
            #expect(
                try await test.store.profileVersions(of: "bob@other.example").filter(\.current).map(\.displayName)
                    == ["Bob"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anOldBoostInAFileNeverLiftsTheOptOutAServerShowed(_ kind: StoreKind) async throws {
        // Held before versions: a file's copy is less authoritative than any server's (pinned here).
        try await TestStore.with(kind, "versions-server") { test in
            try await test.store.setConsentPolicy(.honoured)
            _ = try await test.store.store(
                [try Self.status(Self.post(1, day: 1, account: Self.bob("Bob", indexable: false)))],
                server: Self.origin)
            try await Self.importing(
                [try Self.status(Self.post(9, day: 9, year: 2026, account: Self.bob("Robert", indexable: true)))],
                file: "later.warc.gz", into: test.store)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            let versions = try await test.store.profileVersions(of: "bob@other.example")
            #expect(Set(versions.map(\.displayName)) == ["Bob", "Robert"])
            #expect(versions.filter(\.current).map(\.source) == ["origin"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theSameProfileSeenAgainIsOneVersionAndAChangeIsANewOne(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "versions-seen") { test in
            // Files say when their posts were written: the same profile on March 2 and 4, then a new name.
            try await Self.importing(
                [
                    try Self.status(Self.post(2, day: 2, account: Self.bob("Bob", indexable: true, followers: 3))),
                    try Self.status(Self.post(4, day: 4, account: Self.bob("Bob", indexable: true, followers: 4))),
                ], file: "march.warc.gz", into: test.store)
            try await Self.importing(
                [try Self.status(Self.post(1, day: 1, account: Self.bob("Bob", indexable: true, followers: 2)))],
                file: "earlier.warc.gz", into: test.store)
            try await Self.importing(
                [try Self.status(Self.post(6, day: 6, account: Self.bob("Bob", indexable: true, followers: 5)))],
                file: "later.warc.gz", into: test.store)
            var versions = try await test.store.profileVersions(of: "bob@other.example")
            #expect(versions.count == 1, "counts changing make no new version")
            #expect(versions.first?.firstSeenAt == "2024-03-01T09:00:00.000Z")
            #expect(versions.first?.lastSeenAt == "2024-03-06T09:00:00.000Z")
            #expect(versions.first?.fields.map(\.name) == ["site"])
            #expect(versions.first?.avatar == "https://other.example/avatars/Bob.png")
            // bob's server now: he renamed himself, and is seen as he is now.
            _ = try await test.store.store(
                [try Self.status(Self.post(7, day: 7, account: Self.bob("Bobby", indexable: true)))],
                server: Self.origin)
            versions = try await test.store.profileVersions(of: "bob@other.example")
            #expect(versions.map(\.displayName) == ["Bob", "Bobby"])
            #expect(versions.map(\.current) == [false, true])
            #expect(versions.last?.source == "origin")
            #expect(versions.last.map { $0.firstSeenAt == $0.lastSeenAt } == true)
        }
    }
}
