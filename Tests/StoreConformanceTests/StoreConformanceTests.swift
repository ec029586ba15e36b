import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import MediaArchive
import SearchQuery
import Testing
import Transport

/// What every store must do, checked on each: a real sync from the loopback test server into the
/// store, through the Importer as `icebox sync` runs it.
@Suite(.serialized) struct StoreConformanceTests {
    static let specs = ["home", "local", "federated"]

    /// Enrols alice and pins her timelines in `store`, then syncs everything to its end.
    static func syncAlice(_ server: TestServer, into test: TestStore, media: Bool = false) async throws -> SyncRunReport
    {
        let logger = Logger(label: "conformance")
        let credentials = CredentialStore(file: test.folder.url.appending(path: "credentials.json"), logger: logger)
        if try await test.store.accounts().isEmpty {
            let alice = try await AccountEnrollment(archive: test.store, credentials: credentials, logger: logger)
                .add(server: try ServerAddress(server.baseURL.absoluteString), token: "test-token")
            for spec in specs + ["tag:fixtures@\(server.baseURL.absoluteString)"] {
                let pinning = try TimelinePinning(specText: spec, account: nil, accounts: [alice])
                _ = try await test.store.addTimeline(
                    spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
            }
        }
        var options = SyncOptions()
        options.backfillPages = 1000
        options.downloadMedia = media
        options.mediaDirectory = test.folder.url.appending(path: "media")
        return try await Synchronizer(
            archive: test.store, credentials: credentials.load(), options: options,
            logger: logger
        ).runWithMedia()
    }

    @Test(arguments: StoreKind.allCases)
    func aSyncArchivesExactlyWhatIsServedAndASecondSyncAddsNothing(_ kind: StoreKind) async throws {
        try await withTestServer { server in
            try await TestStore.with(kind, "sync") { test in
                let first = try await Self.syncAlice(server, into: test).timelines
                #expect(first.allSatisfy { $0.error == nil }, "\(first.compactMap(\.error))")
                let timelines = try await test.store.timelines()
                for timeline in timelines where Self.specs.contains(timeline.spec) {
                    let path =
                        timeline.spec == "home"
                        ? "/api/v1/timelines/home"
                        : timeline.spec == "local" ? "/api/v1/timelines/public?local=true" : "/api/v1/timelines/public"
                    let served = try await ServedTimeline.archiveKeys(
                        baseURL: server.baseURL, path: path, token: "test-token")
                    #expect(
                        Set(try await test.store.statusURIs(timelineID: timeline.id)) == served,
                        "\(kind) \(timeline.spec)")
                    #expect(timeline.backfillComplete, "\(timeline.spec) backfilled to its end")
                }
                let count = try await test.store.allStatusURIs().count
                let second = try await Self.syncAlice(server, into: test).timelines
                #expect(second.reduce(0) { $0 + $1.new } == 0)
                #expect(try await test.store.allStatusURIs().count == count)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anEditKeepsTheEarlierVersionAndTheRawJSONIsTheServers(_ kind: StoreKind) async throws {
        try await withTestServer { server in
            try await TestStore.with(kind, "edit") { test in
                _ = try await Self.syncAlice(server, into: test)
                let id = try #require(await server.timelineIDs(.local).first)
                let uri = try #require(try await test.store.allStatusURIs().first { $0.hasSuffix("/\(id)") })
                let before = try #require(try await test.store.rawJSON(uri: uri))
                #expect(await server.editStatus(id: id, content: "<p>edited in the conformance suite</p>"))
                _ = try await Self.syncAlice(server, into: test)
                let number = try #require(try await test.store.findStatus(uri))
                let status = try await test.store.status(number: number)
                #expect(status.versions.map(\.raw) == [before], "the earlier version kept byte for byte")
                #expect(String(decoding: status.raw, as: UTF8.self).contains("edited in the conformance suite"))
                let found = try await test.store.search(try SearchQuery(parsing: "conformance edited"))
                #expect(found.map(\.uri) == [uri], "the index follows the edit")
                #expect(try await test.store.search(try SearchQuery(parsing: "conformance -edited")).isEmpty)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func threadsLinkAcrossRepliesAndStatusesShowTheirTimelines(_ kind: StoreKind) async throws {
        try await withTestServer { server in
            try await TestStore.with(kind, "thread") { test in
                _ = try await Self.syncAlice(server, into: test)
                var checked = 0
                for uri in try await test.store.allStatusURIs() {
                    let number = try #require(try await test.store.findStatus(uri))
                    let status = try await test.store.status(number: number)
                    guard let parent = status.parent else { continue }
                    let tree = try await test.store.thread(around: number)
                    #expect(tree.numbers.contains(parent) && tree.numbers.contains(number))
                    let node = try #require(tree.nodes.first { $0.number == number })
                    #expect(node.parent == parent)
                    #expect(try await test.store.status(number: parent).replies.contains(number))
                    #expect(!status.timelines.isEmpty || status.raw.isEmpty == false)
                    checked += 1
                }
                #expect(checked > 0, "the corpus has replies")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func mediaIsStoredOnceVerifiedAndCollectedWithTheCatalogueInTheStore(_ kind: StoreKind) async throws {
        // Synthetic statuses only: their media are on the loopback server. The fixtures' media are on
        // real hosts, and a test never looks up any other address.
        try await withTestServer({
            $0.statusCount = 40
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(kind, "media") { test in
                let first = try #require(try await Self.syncAlice(server, into: test, media: true).media?.report)
                #expect(first.newFiles > 0, "the corpus has media")
                let stats = try await test.store.stats()
                #expect(stats.mediaFiles == first.newFiles)
                let media = try MediaStore(
                    media: test.folder.url.appending(path: "media"), archive: test.store,
                    logger: Logger(label: "conformance"))
                let verified = try await media.verify(repair: false)
                #expect(verified.checked == stats.mediaFiles && verified.problems.isEmpty)
                let again = try #require(try await Self.syncAlice(server, into: test, media: true).media?.report)
                #expect(again.newFiles == 0, "nothing stored twice")
                #expect(try await test.store.stats().mediaFiles == stats.mediaFiles)
                let dry = try await media.collectGarbage(dryRun: true)
                #expect(dry.filesRemoved == 0 && dry.downloadsForgotten == 0, "everything stored is referenced")
                let stored = try await test.store.storedMediaFiles()
                #expect(stored.count == stats.mediaFiles)
                let sources = try await test.store.mediaSources(sha256: try #require(stored.first).sha256)
                #expect(!sources.isEmpty)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aPostWithANulCharacterIsArchivedAndFound(_ kind: StoreKind) async throws {
        try await withTestServer({ $0.statusCount = 30 }) { server in
            try await TestStore.with(kind, "nul") { test in
                let id = try #require(await server.timelineIDs(.local).first)
                #expect(await server.editStatus(id: id, content: "<p>zero\u{0}byte nulcharacter here</p>"))
                let reports = try await Self.syncAlice(server, into: test).timelines
                #expect(reports.allSatisfy { $0.error == nil })
                #expect(try await test.store.unreadableStatuses().isEmpty, "nothing kept unreadable")
                let found = try await test.store.search(try SearchQuery(parsing: "nulcharacter"))
                #expect(found.count == 1)
                let hit = try #require(found.first)
                let raw = try #require(try await test.store.rawJSON(uri: hit.uri))
                #expect(String(decoding: raw, as: UTF8.self).contains("\\u0000"), "the raw JSON keeps it as sent")
            }
        }
    }
}
