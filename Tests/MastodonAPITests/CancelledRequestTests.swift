import Foundation
import IceboxTestSupport
import MastodonAPI
import MastodonTestServer
import Models
import Testing
import Transport

/// Every request ends when its task is cancelled, however the cancellation, the answer and the
/// connection's end are ordered. A stopping `watch` once hung a CI run: a request made by a task
/// cancelled a moment before lost its completion, and waited for it for good.
@Suite struct CancelledRequestTests {
    /// A client of `server`, made to trickle its answers (a byte every 0.5 s) with limits far above
    /// them: only a cancellation ends a request.
    static func trickledClient(_ server: TestServer) async throws -> MastodonClient {
        var modes = HostileModes()
        modes.trickleAPISeconds = 0.5
        await server.setHostile(modes)
        return MastodonClient(
            server: try server.address, token: "test-token",
            limits: RequestLimits(idleTimeout: 300, deadline: 300, minimumRate: 0),
            logger: .init(label: "t"))
    }

    /// Requests made by a task already cancelled (as a retry after a cancelled request was) end at once,
    /// every time. The old code cancelled the URLSession task before its completion had a place to go,
    /// and lost it in about one run of three: the request then waited for good.
    @Test func requestsInACancelledTaskEnd() async throws {
        try await withTestServer { server in
            let client = try await Self.trickledClient(server)
            for round in 0..<10 {
                let started = OneShot<Void>()
                let requests = Task { () async -> [APIError?] in
                    var errors: [APIError?] = []
                    for attempt in 0..<4 {
                        if attempt == 0 { started.fulfil(()) }
                        errors.append(
                            await apiError { () async throws(APIError) in
                                try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
                            })
                    }
                    return errors
                }
                await started.value()
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...50)))
                requests.cancel()
                let errors = await outcome(within: .seconds(30)) { await requests.value }
                guard let errors else {
                    Issue.record("round \(round): a request in the cancelled task never ended")
                    return
                }
                for error in errors {
                    guard case .transport(_, _, let message, _)? = error else {
                        Issue.record("round \(round): expected a cancelled transport, got \(String(describing: error))")
                        return
                    }
                    #expect(message == "cancelled", "round \(round): \(message)")
                }
            }
        }
    }

    /// Cancelled while the server trickles its answer: the request ends without waiting for it.
    @Test func aRequestCancelledWhileItWaitsEnds() async throws {
        try await withTestServer { server in
            let client = try await Self.trickledClient(server)
            let request = Task { () async -> APIError? in
                await apiError { () async throws(APIError) in
                    try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            request.cancel()
            let error = await outcome(within: .seconds(30)) { await request.value }
            guard case .transport?? = error else {
                Issue.record("expected a cancelled transport, got \(String(describing: error))")
                return
            }
        }
    }

    /// A stream whose connection is closed before any answer fails every time; the old code could take
    /// the close before it waited for the answer, and then waited for good.
    @Test func aStreamWhoseConnectionEndsBeforeItsAnswerFails() async throws {
        let listener = try PlainTextListener(closingAtOnce: true)
        defer { listener.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/api/v1/streaming/public"))
        for round in 0..<30 {
            let opened = await outcome(within: .seconds(30)) { () async -> String in
                do {
                    _ = try await EventStream.open(url, token: nil, userAgent: "test", idleTimeout: 300)
                    return "opened"
                } catch {
                    return "failed: \(error)"
                }
            }
            #expect(opened?.hasPrefix("failed") == true, "round \(round): \(String(describing: opened))")
            if opened == nil { return }
        }
    }

    /// A stream opened by a task cancelled while the server has not answered ends at once.
    @Test func aStreamCancelledBeforeItsAnswerEnds() async throws {
        let listener = try SilentListener()
        defer { listener.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/api/v1/streaming/public"))
        let open = Task { () async -> String in
            do {
                _ = try await EventStream.open(url, token: nil, userAgent: "test", idleTimeout: 300)
                return "opened"
            } catch {
                return "failed: \(error)"
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        open.cancel()
        let ended = await outcome(within: .seconds(30)) { await open.value }
        #expect(ended?.hasPrefix("failed") == true, "\(String(describing: ended))")
    }
}
