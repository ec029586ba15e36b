import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import MediaArchive
import Models
import SearchQuery
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Deleted posts kept as tombstones (issue 17): how a deletion was learned, and `deletions: redact`
/// leaving nothing of the post's words or media anywhere in the store.
@Suite(.serialized) struct DeletionConformanceTests {
    static let secret = "zanzibarquokkasecret"

    /// A store holding alice's home with one post carrying `secret` in its text and its media description,
    /// a boost of it, and its media stored. Returns the post's number and the files stored for it.
    static func archiveSecretPost(_ server: TestServer, _ test: TestStore) async throws -> Int64 {
        let id = try #require(
            await server.addStatus(
                mediaPaths: ["/media/redact/\(secret).png"],
                description: "alt \(secret)", text: "hello \(secret) world"))
        _ = try #require(await server.addBoost(of: id, username: "bob"))
        _ = try #require(await server.addStatus(username: "bob", text: "a later tombstone candidate"))
        _ = try await StoreConformanceTests.syncAlice(server, into: test, media: true)
        let found = try await test.store.search(try SearchQuery(parsing: secret), consent: .off)
        #expect(found.count == 1, "the post is archived and found before its deletion")
        return try #require(found.first).number
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletionIsKeptWithItsTimeAndHowItWasLearned(_ kind: StoreKind) async throws {
        try await withTestServer({
            $0.statusCount = 30
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(kind, "tombstone") { test in
                let number = try await Self.archiveSecretPost(server, test)
                #expect(try await test.store.deletionPolicy() == .keep, "keep is the default")
                let when = Date(timeIntervalSince1970: 1_780_000_000)
                let host = "\(server.baseURL.host ?? ""):\(server.port)"
                #expect(try await test.store.markGone([number], reportedBy: host, at: when, via: .stream).marked == 1)
                #expect(
                    try await test.store.markGone([number], reportedBy: host, at: Date(), via: .recheck).marked == 0,
                    "the first record stays")
                let status = try await test.store.status(number: number)
                #expect(
                    status.goneAt == Timestamp.string(when) && status.goneVia == .stream && status.redactedAt == nil)
                #expect(String(decoding: status.raw, as: UTF8.self).contains(Self.secret), "keep keeps the post whole")
                let hits = try await test.store.search(try SearchQuery(parsing: Self.secret), consent: .off)
                #expect(hits.map(\.goneAt) == [Timestamp.string(when)], "search says it was deleted")
                let record = try #require(try await test.store.exportRecords([number]).first)
                #expect(record.goneVia == .stream && record.goneAt == Timestamp.string(when))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func redactLeavesOnlyATombstoneAndNoWordOrFileOfThePost(_ kind: StoreKind) async throws {
        try await withTestServer({
            $0.statusCount = 30
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(kind, "redact") { test in
                let number = try await Self.archiveSecretPost(server, test)
                let media = try MediaStore(
                    media: test.folder.url.appending(path: "media"), archive: test.store,
                    logger: Logger(label: "conformance"))
                let filesBefore = try await test.store.storedMediaFiles().count
                let host = "\(server.baseURL.host ?? ""):\(server.port)"
                try await test.store.markGone(number, reportedBy: host, via: .recheck)
                try await test.store.setDeletionPolicy(.redact)
                let status = try await test.store.status(number: number)
                #expect(status.redactedAt != nil && status.goneVia == .recheck)
                #expect(status.uri.hasPrefix("http"), "the tombstone keeps the uri")
                #expect(!String(decoding: status.raw, as: UTF8.self).contains(Self.secret))
                #expect(try await test.store.search(try SearchQuery(parsing: Self.secret), consent: .off).isEmpty)
                for uri in try await test.store.allStatusURIs() {
                    let raw = try await test.store.rawJSON(uri: uri) ?? Data()
                    #expect(!String(decoding: raw, as: UTF8.self).contains(Self.secret), "\(uri) (the boost too)")
                }
                let collected = try await media.collectGarbage(dryRun: false)
                let filesAfter = try await test.store.storedMediaFiles().count
                #expect(collected.filesRemoved >= 1 && filesAfter < filesBefore)
                let left =
                    FileManager.default.enumerator(atPath: test.folder.url.appending(path: "media").path)?
                    .compactMap { $0 as? String }.filter { $0.hasSuffix(".png") } ?? []
                let pngs = try left.map { try Data(contentsOf: test.folder.url.appending(path: "media/\($0)")) }
                let secretFile = try await PNGProbe.bytes(server: server, path: "/media/redact/\(Self.secret).png")
                #expect(!pngs.contains(secretFile), "the post's image left the media store")
                if kind == .sqlite { try Self.expectNotInFiles(Self.secret, folder: test.folder.url) }
                // A post deleted after the switch is redacted as it is marked.
                let other = try #require(
                    try await test.store.search(try SearchQuery(parsing: "candidate"), consent: .off).first)
                try await test.store.markGone(other.number, reportedBy: host, via: .stream)
                #expect(try await test.store.status(number: other.number).redactedAt != nil)
            }
        }
    }

    /// No byte of `word` in the database file or its logs, in any case or encoding SQLite writes text in.
    static func expectNotInFiles(_ word: String, folder: URL) throws {
        for name in ["archive.sqlite", "archive.sqlite-wal", "archive.sqlite-journal"] {
            guard let bytes = try? Data(contentsOf: folder.appending(path: name)) else { continue }
            #expect(bytes.range(of: Data(word.utf8)) == nil, "\(name) still holds the word")
            #expect(bytes.range(of: Data(word.uppercased().utf8)) == nil, "\(name) still holds the word")
        }
    }
}

/// The bytes the test server serves at a media path (its PNGs are made from the path).
enum PNGProbe {
    static func bytes(server: TestServer, path: String) async throws -> Data {
        let (data, _) = try await URLSession.shared.data(from: server.baseURL.appending(path: path))
        return data
    }
}

/// Another server's word is not the truth (issue 27): a post is marked gone only on the word of a server
/// that speaks for it, on both stores.
@Suite(.serialized) struct DeletionAuthorityConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func onlyTheOriginOrTheUsersServerMarksAPostGone(_ kind: StoreKind) async throws {
        try await withTestServer({
            $0.statusCount = 30
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(kind, "authority") { test in
                _ = try await StoreConformanceTests.syncAlice(server, into: test)
                let host = "\(server.baseURL.host ?? ""):\(server.port)"
                let numbers = try await test.store.recheckCandidates(server: host, since: "2000", after: 0, limit: 3)
                    .map(\.number)
                try #require(numbers.count == 3)
                // A server that holds no copy and is neither the posts' origin (icebox.test) nor alice's.
                let stranger = try await test.store.markGone(
                    numbers, reportedBy: "127.0.0.9:4000", at: Date(), via: .stream)
                #expect(stranger == DeletionAuthority.Outcome(marked: 0, copiesOnly: 0))
                #expect(
                    try await test.store.status(number: numbers[0]).goneAt == nil, "a stranger's word marks nothing")
                // The posts' own server speaks for them, whatever server relayed the word.
                #expect(try await test.store.markGone(numbers[0], reportedBy: "ICEBOX.test", via: .fetch).marked == 1)
                // Alice's server relays its federation's deletes.
                #expect(try await test.store.markGone(numbers[1], reportedBy: host, via: .stream).marked == 1)
                // Once alice is gone, her server is one more copy: only that copy is marked, and a recheck
                // of that server passes over it.
                try await test.store.removeAccount(id: try #require(try await test.store.accounts().first).id)
                let copy = try await test.store.markGone(numbers[2], reportedBy: host, via: .recheck)
                #expect(copy == DeletionAuthority.Outcome(marked: 0, copiesOnly: 1))
                #expect(try await test.store.status(number: numbers[2]).goneAt == nil)
                let ids = try await test.store.serverIDs(of: numbers[2])
                #expect(ids.first { $0.server == host }?.goneAt != nil, "the copy is marked: \(ids)")
                let again = try await test.store.recheckCandidates(server: host, since: "2000", after: 0, limit: 10_000)
                #expect(!again.map(\.number).contains(numbers[2]))
            }
        }
    }

    /// An account whose server turned out to be another Icebox (it served statuses with their archived
    /// bytes, issue 45) is no server of the user's: were that archive built again, its ids would change,
    /// and its 404s must not mark every post gone. Its word marks only its own copy.
    @Test(arguments: StoreKind.allCases)
    func anotherIceboxSpeaksForNoPostItDoesNotOwn(_ kind: StoreKind) async throws {
        try await withTestServer({
            $0.statusCount = 30
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(kind, "authority-mirror") { test in
                _ = try await StoreConformanceTests.syncAlice(server, into: test)
                let host = "\(server.baseURL.host ?? ""):\(server.port)"
                let numbers = try await test.store.recheckCandidates(server: host, since: "2000", after: 0, limit: 2)
                    .map(\.number)
                try #require(numbers.count == 2)
                // Alice's server is hers: it speaks for a post it relays.
                #expect(try await test.store.markGone(numbers[0], reportedBy: host, via: .recheck).marked == 1)
                // Then a page of her home comes with an Icebox's archived bytes: her server is another Icebox.
                let timeline = try #require(try await test.store.timelines().first)
                var mirrored = try ArchivableStatus(
                    decoding: try await test.store.status(number: numbers[1]).raw, servedBy: host)
                mirrored.servedByMirror = true
                _ = try await test.store.store(
                    [mirrored], unreadable: [], origin: PageOrigin(server: host, timelineID: timeline.id), cursor: nil)
                let copy = try await test.store.markGone(numbers[1], reportedBy: host, via: .recheck)
                #expect(copy == DeletionAuthority.Outcome(marked: 0, copiesOnly: 1))
                #expect(try await test.store.status(number: numbers[1]).goneAt == nil)
            }
        }
    }

    /// What another Icebox says beside its statuses (a tombstone, a file for a media URL) counts only on
    /// a page read with the user's token: any server an anonymous reader reaches could send it.
    @Test(arguments: StoreKind.allCases)
    func anotherIceboxsWordCountsOnlyWithTheUsersToken(_ kind: StoreKind) async throws {
        try await withTestServer({
            $0.statusCount = 30
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(kind, "authority-mirror-word") { test in
                _ = try await StoreConformanceTests.syncAlice(server, into: test)
                let host = "\(server.baseURL.host ?? ""):\(server.port)"
                let number = try #require(
                    try await test.store.recheckCandidates(server: host, since: "2000", after: 0, limit: 1).first
                )
                .number
                var claimed = try ArchivableStatus(
                    decoding: try await test.store.status(number: number).raw, servedBy: "127.0.0.9:4000")
                claimed.servedByMirror = true
                claimed.mirroredTombstones = [MirroredTombstone(key: claimed.status.archiveURI, goneAt: Date())]
                claimed.mirroredMedia = [
                    MirroredFile(
                        url: "https://victim.example/media/a.png", sha256: String(repeating: "a", count: 64),
                        address: "http://127.0.0.9:4000/media/x")
                ]
                for authority in [CopyAuthority.anonymous, .account] {
                    _ = try await test.store.store(
                        [claimed], unreadable: [],
                        origin: PageOrigin(server: "127.0.0.9:4000", authority: authority), cursor: nil)
                    let gone = try await test.store.status(number: number).goneAt != nil
                    let offers = try await test.store.pendingMediaOffers().map(\.url)
                    #expect(gone == (authority == .account), "\(authority)")
                    #expect(offers == (authority == .account ? ["https://victim.example/media/a.png"] : []))
                }
            }
        }
    }
}
