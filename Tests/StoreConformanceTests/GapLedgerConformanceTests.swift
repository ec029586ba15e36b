import ArchiveCore
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// The gap ledger and the recheck's reading of the archive, the same on both stores (issue 17).
@Suite(.serialized) struct GapLedgerConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func gapsOpenOnceCloseAndRecheckCandidatesPage(_ kind: StoreKind) async throws {
        try await withTestServer({
            $0.statusCount = 60
            $0.fixturesDirectory = nil
        }) { server in
            try await TestStore.with(kind, "gaps") { test in
                _ = try await StoreConformanceTests.syncAlice(server, into: test)
                let home = try #require(try await test.store.timelines().first { $0.spec == "home" })
                let host = try #require(server.baseURL.host).appending(":\(server.port)")
                let newest = try #require(home.newestCursor)
                let gap = TimelineGap(
                    timelineID: home.id, cause: .trimmed, fromID: newest, toID: "999999999999999999",
                    fromTime: nil, toTime: "2030-01-01T00:00:00.000Z")
                let first = try await test.store.openGap(gap, server: host)
                #expect(try await test.store.openGap(gap, server: host) == first, "the same window is recorded once")
                let open = try await test.store.gaps(timelineID: home.id, includingClosed: false)
                #expect(
                    open.count == 1 && open.first?.fromTime != nil, "the lower bound's time is read from the archive")
                try await test.store.closeGaps([first], by: "watch")
                #expect(try await test.store.gaps(timelineID: nil, includingClosed: false).isEmpty)
                #expect(try await test.store.gaps(timelineID: nil, includingClosed: true).first?.closedBy == "watch")
                #expect(try await test.store.entryRate(timelineID: home.id, days: 7) ?? 0 > 0)

                var seen: [RecheckCandidate] = []
                var after: Int64 = 0
                while true {
                    let page = try await test.store.recheckCandidates(
                        server: host, since: "2000", after: after, limit: 7)
                    guard let last = page.last else { break }
                    seen += page
                    after = last.number
                }
                #expect(Set(seen.map(\.number)).count == seen.count && !seen.isEmpty)
                try await test.store.markGone(seen[0].number, reportedBy: host, via: .recheck)
                let again = try await test.store.recheckCandidates(server: host, since: "2000", after: 0, limit: 10_000)
                #expect(again.count == seen.count - 1, "a status marked gone is not asked about again")
            }
        }
    }
}
