import Archive
import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import Testing
import Transport

/// An archive with alice's account (token "test-token") on a fresh test server.
struct SyncFixture {
    let server: TestServer
    let home: TemporaryDirectory
    let archive: ArchiveDatabase
    let credentials: CredentialStore
    let address: ServerAddress

    static func start(
        statuses: Int = 200, faults: Faults = Faults(), access: TimelinesAccess = .init(all: .public),
        configure: (inout TestServerConfig) -> Void = { _ in }
    ) async throws -> SyncFixture {
        var config = TestServerConfig()
        config.statusCount = statuses
        config.fixturesDirectory = Repository.fixtures
        config.faults = faults
        config.timelinesAccess = access
        configure(&config)
        let server = try await TestServer.start(config)
        let home = try TemporaryDirectory()
        let logger = Logger(label: "sync-test")
        let archive = try ArchiveDatabase(path: home.url.appending(path: "archive.sqlite"), logger: logger)
        let credentials = CredentialStore(file: home.url.appending(path: "credentials.json"), logger: logger)
        let address = try ServerAddress(server.baseURL.absoluteString)
        return SyncFixture(server: server, home: home, archive: archive, credentials: credentials, address: address)
    }

    func addAlice() async throws -> ArchivingAccount {
        try await AccountEnrollment(archive: archive, credentials: credentials, logger: Logger(label: "t"))
            .add(server: address, token: "test-token")
    }

    func pin(_ spec: String, account: String?) async throws -> PinnedTimeline {
        let pinning = try TimelinePinning(specText: spec, account: account, accounts: try await archive.accounts())
        return try await archive.addTimeline(spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
    }

    func sync(backfillPages: Int = 1000, configure: (inout SyncOptions) -> Void = { _ in }) async throws
        -> [TimelineReport]
    {
        var options = SyncOptions()
        options.backfillPages = backfillPages
        options.timeout = 10
        options.backoff = .milliseconds(20)
        configure(&options)
        return try await Synchronizer(
            archive: archive, credentials: credentials.load(), options: options,
            logger: Logger(label: "sync")
        ).run()
    }

    /// What home and the local timeline serve, read independently of Icebox.
    func servedHomeAndLocal() async throws -> Set<String> {
        let homeKeys = try await ServedTimeline.archiveKeys(
            baseURL: server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        let local = try await ServedTimeline.archiveKeys(
            baseURL: server.baseURL, path: "/api/v1/timelines/public?local=true", token: nil)
        return homeKeys.union(local)
    }
}

@Suite struct SyncTests {
    @Test func firstSyncArchivesExactlyWhatIsServedThenCatchUpIsIncremental() async throws {
        let fixture = try await SyncFixture.start()
        defer { Task { await fixture.server.stop() } }
        let alice = try await fixture.addAlice()
        #expect(alice.handle == "alice@icebox.test")
        _ = try await fixture.pin("home", account: nil)
        _ = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil)

        let first = try await fixture.sync()
        #expect(first.allSatisfy { $0.outcome == .ok && $0.backfillComplete }, "\(first)")
        var served = try await fixture.servedHomeAndLocal()
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
        #expect(first.map(\.new).reduce(0, +) == served.count, "each status counted new once")

        await fixture.server.clearRequestLog()
        let second = try await fixture.sync()
        #expect(second.map(\.new).reduce(0, +) == 0)
        let requests = await fixture.server.requestLog().filter { $0.path.hasPrefix("/api/v1/timelines") }
        #expect(requests.count == 2, "one request per timeline when nothing changed: \(requests.map(\.path))")
        #expect(requests.allSatisfy { $0.value("min_id") != nil && $0.value("since_id") == nil })

        _ = await fixture.server.addStatuses(100)
        await fixture.server.clearRequestLog()
        let third = try await fixture.sync()
        let homeRequests = await fixture.server.requestLog().filter { $0.path == "/api/v1/timelines/home" }
        let before = served
        served = try await fixture.servedHomeAndLocal()
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
        #expect(third.map(\.new).reduce(0, +) == served.subtracting(before).count)
        let newInHome = third.first { $0.timeline.hasPrefix("home") }?.pages ?? 0
        #expect(homeRequests.count == newInHome + 1, "ceil(K/40) pages and the empty one")
        #expect(homeRequests.count <= 100 / 40 + 2)
        #expect(try await fixture.archive.integrityCheck() == "ok")
    }

    @Test func backfillResumesAcrossRunsWithoutGapsOrDuplicates() async throws {
        let fixture = try await SyncFixture.start(statuses: 400)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        let timeline = try await fixture.pin("home", account: nil)
        var runs = 0
        var reports: [TimelineReport] = []
        repeat {
            reports = try await fixture.sync(backfillPages: 2)
            runs += 1
            #expect(reports[0].outcome == .ok)
        } while !reports[0].backfillComplete && runs < 50
        #expect(runs > 2, "the backfill took several runs")
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
        #expect(try await fixture.archive.timeline(id: timeline.id).backfillComplete)
    }

    @Test func realFixturesOnAnotherServersHashtagAreArchivedByteForByte() async throws {
        let fixture = try await SyncFixture.start(statuses: 20)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.pin("tag:fixtures@\(fixture.server.baseURL.absoluteString)", account: nil)
        let reports = try await fixture.sync()
        #expect(reports.first?.outcome == .ok)
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/tag/fixtures", token: nil)
        #expect(served.count >= 9)
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
        let file = try Data(contentsOf: Repository.fixtures.appending(path: "status_with_card.mastodon-social.json"))
        let uri = try #require((try JSONSerialization.jsonObject(with: file) as? [String: Any])?["uri"] as? String)
        // The file ends with a newline; inside a page the status is the object alone.
        var object = file
        while object.last == UInt8(ascii: "\n") { object.removeLast() }
        #expect(try await fixture.archive.rawJSON(uri: uri) == object)
    }

    @Test func aMalformedPageFailsThatTimelineNamingItAndKeepsEarlierPages() async throws {
        let fixture = try await SyncFixture.start()
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("home", account: nil)
        _ = try await fixture.pin("local", account: nil)
        let first = try await fixture.sync(backfillPages: 1)
        #expect(first.allSatisfy { $0.outcome == .ok })
        let archived = try await fixture.archive.allStatusURIs()
        var faults = Faults()
        faults.truncatedJSONRate = 1
        faults.pathPrefixes = ["/api/v1/timelines/home"]
        await fixture.server.setFaults(faults)
        _ = await fixture.server.addStatuses(10)
        let second = try await fixture.sync(backfillPages: 1)
        let home = try #require(second.first { $0.timeline.hasPrefix("home") })
        #expect(home.outcome == .failed)
        let message = home.error ?? ""
        #expect(message.contains("127.0.0.1") && message.contains("min_id="), "names server and cursor: \(message)")
        #expect(second.first { $0.timeline.hasPrefix("local") }?.outcome == .ok, "other timelines go on")
        #expect(Set(archived).isSubset(of: Set(try await fixture.archive.allStatusURIs())))
        let listed = try await fixture.archive.timelines().first { $0.spec == "home" }
        #expect(listed?.lastResult == "failed" && listed?.lastError == message)
    }

    @Test func aServerThatRefusesAnonymousTimelinesIsReportedAsRefused() async throws {
        let fixture = try await SyncFixture.start(access: TimelinesAccess(all: .authenticated))
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.pin("remote:\(fixture.server.baseURL.absoluteString)", account: nil)
        let reports = try await fixture.sync()
        #expect(reports.first?.outcome == .refused)
        #expect(reports.first?.error?.contains("authenticated user") == true)
    }

    @Test func aHomeFeedBeingRebuiltIsNotMistakenForTheEnd() async throws {
        var faults = Faults()
        faults.partialHomeRate = 1
        let fixture = try await SyncFixture.start(faults: faults)
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        let timeline = try await fixture.pin("home", account: nil)
        let first = try await fixture.sync()
        #expect(first.first?.outcome == .failed)
        #expect(first.first?.error?.contains("206") == true)
        #expect(try await fixture.archive.timeline(id: timeline.id).backfillComplete == false)
        await fixture.server.setFaults(Faults())
        let second = try await fixture.sync()
        #expect(second.first?.outcome == .ok)
        let served = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/timelines/home", token: "test-token")
        #expect(Set(try await fixture.archive.allStatusURIs()) == served)
    }
}
