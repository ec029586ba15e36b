import Foundation
import IceboxTestSupport
import MastodonAPI
import MastodonTestServer
import Models
import Testing
import Transport

/// Every API request ends: a body trickled after its headers ends at the deadline, a decompression
/// bomb ends at the page cap, and neither is taken as a page.
@Suite struct BoundedRequestTests {
    @Test(.timeLimit(.minutes(1)))
    func aTrickledBodyEndsAtTheDeadline() async throws {
        try await withTestServer { server in
            var modes = HostileModes()
            modes.trickleAPISeconds = 0.5
            await server.setHostile(modes)
            // A byte every 0.5 s: only the total deadline (8 s) can end it.
            let client = MastodonClient(
                server: try server.address, token: "test-token",
                limits: RequestLimits(idleTimeout: 30, deadline: 8, minimumRate: 0),
                logger: .init(label: "t"))
            let started = ContinuousClock.now
            let error = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            }
            let elapsed = ContinuousClock.now - started
            guard case .transport(let host, _, let message, let timedOut)? = error else {
                Issue.record("expected a transport timeout, got \(String(describing: error))")
                return
            }
            #expect(timedOut && message.contains("deadline"), "\(message)")
            #expect(host == server.hostAndPort)
            #expect(elapsed < .seconds(45), "ended near its 8 s deadline, not when the body would: \(elapsed)")
        }
    }

    @Test func aSlowBodyEndsBelowTheMinimumRate() async throws {
        try await withTestServer { server in
            var modes = HostileModes()
            modes.trickleAPISeconds = 0.2
            await server.setHostile(modes)
            let limits = RequestLimits(idleTimeout: 60, deadline: 120, minimumRate: 100, rateGrace: 2)
            let client = MastodonClient(
                server: try server.address, token: "test-token", limits: limits,
                logger: .init(label: "t"))
            let started = ContinuousClock.now
            let error = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            }
            guard case .transport(_, _, let message, true)? = error else {
                Issue.record("expected a transport timeout, got \(String(describing: error))")
                return
            }
            #expect(message.contains("bytes/s"), "\(message)")
            #expect(ContinuousClock.now - started < .seconds(45), "the deadline is 120 s; the rate check ends it first")
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aGzipBombAnswerIsRefusedAtItsHeaders() async throws {
        try await withTestServer { server in
            var modes = HostileModes()
            modes.gzipBombAPIBytes = 2 << 30
            await server.setHostile(modes)
            let client = try server.client()
            let error = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            }
            guard case .malformed(let host, let path, let reason)? = error else {
                Issue.record("expected .malformed, got \(String(describing: error))")
                return
            }
            #expect(host == server.hostAndPort && path == "/api/v1/timelines/home")
            #expect(reason.contains("Content-Encoding: gzip"), "\(reason)")
            #expect(error?.isTransient == false)
        }
    }

    @Test func anUncompressedAnswerIsCappedAtItsSize() async throws {
        try await withTestServer { server in
            // A full page of 40 statuses is more than 4 KiB.
            let limits = RequestLimits(maxBodyBytes: 4096)
            let client = MastodonClient(
                server: try server.address, token: "test-token", limits: limits,
                logger: .init(label: "t"))
            let error = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            }
            guard case .tooLarge(_, _, let limit)? = error else {
                Issue.record("expected .tooLarge, got \(String(describing: error))")
                return
            }
            #expect(limit == 4096)
            #expect(error?.description.contains("after decompression") == true)
        }
    }

    @Test func retryAfterReadsSecondsAndDates() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RetryAfter.date("120", now: now) == now.addingTimeInterval(120))
        #expect(RetryAfter.date("Wed, 21 Oct 2015 07:28:00 GMT") == Date(timeIntervalSince1970: 1_445_412_480))
        #expect(RetryAfter.date("-5", now: now) == nil)
        #expect(RetryAfter.date("soon", now: now) == nil)
        #expect(RetryAfter.date(nil) == nil)
    }
}
