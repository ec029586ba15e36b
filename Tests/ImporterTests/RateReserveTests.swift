import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import Models
import Testing

/// The rate budget is shared with the user's other apps: whatever a sync sends with a token (pages,
/// pages fetched ahead, edit histories, instance probes), the server's count never goes below the
/// reserve and never reaches a 429 while the server's headers are honest.
@Suite struct RateReserveTests {
    /// The server's own count for alice's token after each request it answered, in order.
    static func remaining(_ log: [LoggedRequest]) -> [Int] {
        log.filter { $0.token == "test-token" }.compactMap(\.rateRemaining)
    }

    @Test func editHistoriesAndPagesOfSeveralTimelinesKeepTheReserve() async throws {
        // Enough budget for every page of the three timelines, not for every edit history as well; the
        // window outlasts the run, so what is kept stays kept.
        let fixture = try await SyncFixture.start(statuses: 200) { config in
            config.homeShare = 1
            config.rateLimit = RateLimit(limit: 120, window: 3600)
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        for spec in ["home", "local", "federated"] { _ = try await fixture.pin(spec, account: nil) }
        let edited = await fixture.server.timelineIDs(.home("alice")).prefix(100)
        var editedCount = 0
        for id in edited where await fixture.server.editStatus(id: id, content: "corrected \(id)") { editedCount += 1 }
        #expect(editedCount >= 80, "boosts cannot be edited; the rest are")
        await fixture.server.clearRequestLog()

        let reports = try await fixture.sync {
            $0.rateReserve = 50
            $0.maxRateWait = .seconds(1)
        }
        let log = await fixture.server.requestLog()
        let histories = log.filter { $0.path.hasSuffix("/history") }
        #expect(!histories.isEmpty, "edit histories were asked for")
        #expect(!log.contains { $0.status == 429 }, "no 429: \(log.filter { $0.status == 429 }.map(\.path))")
        let counts = Self.remaining(log)
        #expect(counts.min().map { $0 >= 50 } == true, "the reserve of 50 held: lowest \(counts.min() ?? -1)")
        #expect(counts.min() == 50, "and the rest of the budget was used")
        let warnings = reports.flatMap(\.warnings) + reports.compactMap(\.error)
        #expect(warnings.contains { $0.contains("rate limit reached") }, "\(warnings)")
    }
}
