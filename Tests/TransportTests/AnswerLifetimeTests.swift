import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An answer kept in memory is its caller's alone: once the caller lets go of it, nothing of the
/// transport holds it. A sync reads a few pages a second; when each request's deadline timer held the
/// transfer (and so the delivered page body) until the deadline (120 s), a sync held every page it read
/// (issue #30: 20 MB of bodies for 7,813 statuses, peak memory growing with the number of pages).
@Suite struct AnswerLifetimeTests {
    /// A page body in a class, so that a weak reference tells when it is freed.
    final class KeptBody: Sendable {
        let bytes: Data
        init(_ bytes: Data) { self.bytes = bytes }
    }

    /// Keeps the body in memory as ``BodyCollector`` does, and hands it over as a ``KeptBody``.
    final class KeepingReceiver: TransferReceiver, @unchecked Sendable {
        private var body = Data()

        func receive(_ response: HTTPURLResponse) -> TransferFailure? { nil }

        func receive(_ data: Data) -> TransferFailure? {
            body.append(data)
            return nil
        }

        func finish(_ end: TransferEnd<TransferFailure>) -> Result<KeptBody, TransferFailure> {
            guard case .completed = end else { return .failure(.transport(URLError(.badServerResponse))) }
            return .success(KeptBody(body))
        }
    }

    @Test func aPageBodyIsFreedOnceItsCallerLetsGoOfIt() async throws {
        try await withTestServer { server in
            // A deadline far beyond the wait below: a body held until its request's deadline fails.
            let limits = RequestLimits(idleTimeout: 60, deadline: 600, minimumRate: 0)
            let transport = BoundedTransport(limits: limits, headers: [:])
            let request = URLRequest(url: server.baseURL.appending(path: "api/v1/timelines/public"))
            weak var releasedBody: KeptBody?
            weak var releasedReceiver: KeepingReceiver?
            do {
                let receiver = KeepingReceiver()
                releasedReceiver = receiver
                let body = try await transport.send(request, to: receiver)
                releasedBody = body
                #expect(body.bytes.first == UInt8(ascii: "["), "a page of statuses came")
            }
            // The session's delegate queue returns from its last callback a moment after the answer.
            try? await waitUntil(seconds: 10) { releasedBody == nil && releasedReceiver == nil }
            #expect(releasedBody == nil, "the page body outlived its page (held until the request's deadline)")
            #expect(releasedReceiver == nil, "the receiver outlived its transfer")
        }
    }

    /// A transfer's thread goes on to the next request in line: the answer it delivered does not go
    /// with it.
    @Test func aPageBodyIsFreedWhileItsThreadServesTheNextRequest() async throws {
        try await withTestServer({
            $0.faults.hangRate = 1
            $0.faults.hangSeconds = 2
            $0.faults.pathPrefixes = ["/api/v1/timelines/public"]
        }) { server in
            let limits = RequestLimits(idleTimeout: 60, deadline: 600, minimumRate: 0)
            // One request at a time: the trickled picture waits in line behind the page, for its thread.
            let transport = BoundedTransport(limits: limits, headers: [:], connectionsPerHost: 1)
            let page = URLRequest(url: server.baseURL.appending(path: "api/v1/timelines/public"))
            let slow = URLRequest(url: server.baseURL.appending(path: "media/hostile/trickle/slow.png"))
            // The page waits 2 s on the server: the picture's request joins the line meanwhile.
            let slowTask = Task {
                try? await Task.sleep(for: .milliseconds(500))
                _ = try? await transport.send(slow)
            }
            weak var releasedBody: KeptBody?
            do {
                let body = try await transport.send(page, to: KeepingReceiver())
                releasedBody = body
                #expect(body.bytes.first == UInt8(ascii: "["), "a page of statuses came")
            }
            try? await waitUntil(seconds: 5) { releasedBody == nil }
            #expect(releasedBody == nil, "the page body stayed with the thread that went on to the next request")
            slowTask.cancel()
            await slowTask.value
        }
    }
}
