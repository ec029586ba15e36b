import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import Models
import Testing

/// `icebox sync --recheck`: deletions found by asking again, in batches where the server has them.
@Suite(.serialized) struct RecheckTests {
    /// Alice's federated timeline archived to its end from a server of `statuses` statuses.
    static func archived(statuses: Int, quirks: Quirks = Quirks()) async throws -> SyncFixture {
        let fixture = try await SyncFixture.start(statuses: statuses) { config in
            config.fixturesDirectory = nil
            config.quirks = quirks
            config.rateLimit = RateLimit(limit: 100_000, window: 300)
        }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("federated", account: nil)
        let reports = try await fixture.sync()
        #expect(reports.allSatisfy { $0.outcome == .ok }, "\(reports.compactMap(\.error))")
        return fixture
    }

    /// Deletes `count` of the timeline's statuses on the server (their boosts go with them, as on
    /// Mastodon); returns the archive numbers of every archived status the server no longer has.
    static func delete(_ count: Int, from fixture: SyncFixture) async throws -> (numbers: Set<Int64>, all: [Int64]) {
        let served = await fixture.server.timelineIDs(.federated)
        var rng = SystemRandomNumberGenerator()
        for id in served.shuffled(using: &rng).prefix(count) { _ = await fixture.server.deleteStatus(id: id) }
        var gone = Set<Int64>()
        var all: [Int64] = []
        for id in served {
            let number = try #require(try await fixture.archive.findStatus(server: fixture.address.host, localID: id))
            all.append(number)
            if await !fixture.server.hasStatus(id: id) { gone.insert(number) }
        }
        return (gone, all)
    }

    static func rechecker(_ fixture: SyncFixture) throws -> Rechecker {
        var options = SyncOptions()
        options.timeout = 10
        return Rechecker(
            archive: fixture.archive, credentials: try fixture.credentials.load(), options: options,
            logger: Logger(label: "recheck"))
    }

    @Test func fiftyDeletedOfTwoThousandAreMarkedExactlyInBatches() async throws {
        let fixture = try await Self.archived(statuses: 2000)
        let archivedCount = try await fixture.archive.allStatusURIs().count
        let (deleted, all) = try await Self.delete(50, from: fixture)
        #expect(deleted.count >= 50)
        await fixture.server.clearRequestLog()
        let reports = try await Self.rechecker(fixture).run(days: 36_500)
        let requests = await fixture.server.requestLog().filter { $0.path.hasPrefix("/api/v1/statuses") }.count
        #expect(requests <= (archivedCount + 19) / 20 + 3, "\(requests) requests for \(archivedCount) statuses")
        #expect(
            reports.map(\.gone).reduce(0, +) == deleted.count && reports.allSatisfy { $0.batched && $0.error == nil })
        for number in all {
            let status = try await fixture.archive.status(number: number)
            #expect((status.goneAt != nil) == deleted.contains(number), "status \(number)")
            if deleted.contains(number) { #expect(status.goneVia == .recheck) }
        }
        // Asked again, nothing more is marked and the gone are not asked about.
        let again = try await Self.rechecker(fixture).run(days: 36_500)
        #expect(
            again.map(\.gone).reduce(0, +) == 0 && again.map(\.checked).reduce(0, +) == archivedCount - deleted.count)
    }

    @Test func aServerWithoutTheBatchEndpointIsAskedOneStatusAtATime() async throws {
        let fixture = try await Self.archived(
            statuses: 120,
            quirks: {
                var q = Quirks()
                q.noBatchStatuses = true
                return q
            }())
        let archivedCount = try await fixture.archive.allStatusURIs().count
        let (deleted, all) = try await Self.delete(7, from: fixture)
        let reports = try await Self.rechecker(fixture).run(days: 36_500)
        #expect(reports.allSatisfy { !$0.batched && $0.error == nil })
        #expect(reports.map(\.requests).reduce(0, +) == archivedCount + 1, "one refused batch, then one request each")
        for number in all {
            #expect((try await fixture.archive.status(number: number).goneAt != nil) == deleted.contains(number))
        }
    }

    @Test func anEditFoundOnTheWayIsKeptAsAVersion() async throws {
        let fixture = try await Self.archived(statuses: 60)
        let id = try #require(await fixture.server.timelineIDs(.local).first)
        #expect(await fixture.server.editStatus(id: id, content: "edited while nobody watched"))
        let reports = try await Self.rechecker(fixture).run(days: 36_500)
        #expect(reports.map(\.updated).reduce(0, +) == 1)
        let number = try #require(try await fixture.archive.findStatus(server: fixture.address.host, localID: id))
        let status = try await fixture.archive.status(number: number)
        #expect(
            status.versions.count == 1
                && String(decoding: status.raw, as: UTF8.self).contains("edited while nobody watched"))
    }

    @Test func onlyTheLastDaysAreRechecked() async throws {
        let fixture = try await Self.archived(statuses: 60)
        // The corpus's statuses come seconds to a minute apart: a day back from ten minutes short of a
        // day after the newest reaches only its last ten minutes.
        let timeline = try #require(try await fixture.archive.timelines().first)
        let numbers = try await fixture.archive.timelineNumbers(
            timelineID: timeline.id, since: nil, until: nil, consent: .off)
        let first = try #require(numbers.first)
        let newest = try #require(try await fixture.archive.exportRecords([first]).first)
        let now = try #require(MastodonDate.parse(newest.createdAt))
        let reports = try await Self.rechecker(fixture).run(days: 1, now: now.addingTimeInterval(86_400 - 600))
        let checked = reports.map(\.checked).reduce(0, +)
        let total = try await fixture.archive.allStatusURIs().count
        #expect(checked > 0 && checked < total)
    }
}
