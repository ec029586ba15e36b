import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import SearchQuery
import Testing

/// An author's opt-out of search is read from the best copy of their profile, on each store (issue 42):
/// an older copy inside a file (a capture, an export) or a copy another server cached never lifts an
/// opt-out the author's own server showed, while the author's own server changing its word is honoured.
@Suite struct ProfileAuthorityConformanceTests {
    private static let origin = "other.example"

    /// A post of bob's, served by `server`, with his profile saying `indexable`.
    private static func post(_ id: Int, indexable: Bool, servedBy server: String) throws -> ArchivableStatus {
        let json = """
            {"id":"\(id)","uri":"https://\(origin)/users/bob/statuses/\(id)","created_at":"2024-03-0\(id)T09:00:00.000Z",
             "account":{"id":"7","username":"bob","acct":"bob@\(origin)","uri":"https://\(origin)/users/bob",
                        "url":"https://\(origin)/@bob","indexable":\(indexable)},
             "content":"<p>kites number \(id)</p>","visibility":"public"}
            """
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: server)
    }

    /// Imports `statuses` as a capture of `server`'s pages would be.
    private static func importing(_ statuses: [ArchivableStatus], from server: String, into store: any ArchiveStore)
        async throws
    {
        let source = ImportSource(format: "warc", file: "old-capture.warc.gz", server: server)
        try await store.importAtomically(source) { sink in
            _ = try sink.store(
                statuses.map { ImportedStatus(status: $0, source: nil, entry: "record", hasServerID: true) },
                unreadable: [])
        }
    }

    private static func searchable(_ store: any ArchiveStore) async throws -> Int {
        try await store.count(try SearchQuery(parsing: "kites"), consent: .honoured)
    }

    @Test(arguments: StoreKind.allCases)
    func anOlderCopyInAFileNeverLiftsTheOptOutTheAuthorsServerShowed(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "profile-file") { test in
            try await test.store.setConsentPolicy(.honoured)
            _ = try await test.store.store(
                [try Self.post(1, indexable: false, servedBy: Self.origin)], server: Self.origin)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            // A capture from before bob opted out, of another post of his.
            try await Self.importing(
                [try Self.post(2, indexable: true, servedBy: Self.origin)], from: Self.origin, into: test.store)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            #expect(try await Self.searchable(test.store) == 0, "neither post is found while bob opts out")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anotherServersCachedCopyNeverLiftsIt(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "profile-cache") { test in
            try await test.store.setConsentPolicy(.honoured)
            _ = try await test.store.store(
                [try Self.post(1, indexable: false, servedBy: Self.origin)], server: Self.origin)
            // The user's server still has bob's profile from before he opted out.
            _ = try await test.store.store(
                [try Self.post(2, indexable: true, servedBy: "home.example")], server: "home.example")
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            #expect(try await Self.searchable(test.store) == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theAuthorsOwnServerChangingItsWordIsHonoured(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "profile-origin") { test in
            try await test.store.setConsentPolicy(.honoured)
            // A file's copy says bob opted out, until his own server says he no longer does …
            try await Self.importing(
                [try Self.post(1, indexable: false, servedBy: Self.origin)], from: Self.origin, into: test.store)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            _ = try await test.store.store(
                [try Self.post(2, indexable: true, servedBy: Self.origin)], server: Self.origin)
            #expect(try await test.store.optedOutAuthors().isEmpty)
            #expect(try await Self.searchable(test.store) == 2)
            // … and then that he does again.
            _ = try await test.store.store(
                [try Self.post(3, indexable: false, servedBy: Self.origin)], server: Self.origin)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anOptOutIsHonouredFromAnyServersCopyButNotFromAFile(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "profile-adds") { test in
            try await test.store.setConsentPolicy(.honoured)
            _ = try await test.store.store(
                [try Self.post(1, indexable: true, servedBy: Self.origin)], server: Self.origin)
            try await Self.importing(
                [try Self.post(2, indexable: false, servedBy: Self.origin)], from: Self.origin, into: test.store)
            #expect(try await test.store.optedOutAuthors().isEmpty, "a file speaks for no one's opt-out")
            // The user's server shows bob opting out before his own server is read again.
            _ = try await test.store.store(
                [try Self.post(3, indexable: false, servedBy: "home.example")], server: "home.example")
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
            // His own server's next copy, which does not opt out, lifts it: its word is the best.
            _ = try await test.store.store(
                [try Self.post(1, indexable: true, servedBy: Self.origin)], server: Self.origin)
            #expect(try await test.store.optedOutAuthors().isEmpty, "his own server's word is the last")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aServerIsNoAuthorityOnAnotherServersAccount(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "profile-claim") { test in
            try await test.store.setConsentPolicy(.honoured)
            _ = try await test.store.store(
                [try Self.post(1, indexable: false, servedBy: "home.example")], server: "home.example")
            // evil.example serves bob's handle with a uri of its own host, and no opt-out.
            let json = """
                {"id":"9","uri":"https://evil.example/statuses/9","created_at":"2024-03-09T09:00:00.000Z",
                 "account":{"id":"7","username":"bob","acct":"bob@other.example","uri":"https://evil.example/users/bob",
                            "url":"https://evil.example/@bob","indexable":true},
                 "content":"<p>kites again</p>","visibility":"public"}
                """
            _ = try await test.store.store(
                [try ArchivableStatus(decoding: Data(json.utf8), servedBy: "evil.example")], unreadable: [],
                origin: PageOrigin(server: "evil.example", authority: .anonymous), cursor: nil)
            #expect(try await test.store.optedOutAuthors() == ["bob@other.example"])
        }
    }
}
