import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one bounded transfer, with receivers of its own: a refusal, the byte bound, redirects and a
/// cancellation each end a transfer with their own reason, told to the receiver once.
@Suite struct BoundedTransportTests {
    /// Why the test receiver refused an answer.
    struct Refused: Error, Hashable { var status: Int }

    /// Refuses every answer at its headers and counts how often it is told the end.
    final class RefusingReceiver: TransferReceiver, @unchecked Sendable {
        var ends = 0

        func receive(_ response: HTTPURLResponse) -> Refused? { Refused(status: response.statusCode) }
        func receive(_ data: Data) -> Refused? { nil }

        func finish(_ end: TransferEnd<Refused>) -> Result<Int, Refused> {
            ends += 1
            if case .refused(let refusal) = end { return .failure(refusal) }
            return .success(0)
        }
    }

    static let limits = RequestLimits(idleTimeout: 10, deadline: 20, minimumRate: 0)

    @Test func aRefusalAtTheHeadersEndsTheTransferOnce() async throws {
        try await withTestServer { server in
            let transport = BoundedTransport(limits: Self.limits, headers: [:])
            let receiver = RefusingReceiver()
            let request = URLRequest(url: server.baseURL.appending(path: "api/v1/timelines/public"))
            do throws(Refused) {
                _ = try await transport.send(request, to: receiver)
                Issue.record("a refused answer was taken")
            } catch {
                #expect(error == Refused(status: 200))
            }
            #expect(receiver.ends == 1)
        }
    }

    @Test func theByteBoundStopsABodyInMemory() async throws {
        try await withTestServer { server in
            var limits = Self.limits
            limits.maxBodyBytes = 16
            let transport = BoundedTransport(limits: limits, headers: [:])
            let request = URLRequest(url: server.baseURL.appending(path: "api/v1/timelines/public"))
            do throws(TransferFailure) {
                _ = try await transport.send(request)
                Issue.record("a body over the bound was kept")
            } catch {
                guard case .limit(.tooLarge(let limit)) = error else {
                    Issue.record("expected the byte bound, got \(error)")
                    return
                }
                #expect(limit == 16)
            }
        }
    }

    @Test func redirectsAreAnsweredOrFollowedNoFurtherThanAllowed() async throws {
        try await withTestServer { server in
            let target = server.baseURL.appending(path: "api/v1/timelines/public").absoluteString
            var components = URLComponents(
                url: server.baseURL.appending(path: "media/hostile/redirect/a"),
                resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "to", value: target)]
            let request = URLRequest(url: try #require(components?.url))

            let answered = BoundedTransport(limits: Self.limits, headers: [:])
            let (response, _) = try await answered.send(request)
            #expect(response.statusCode == 302, "the 3xx itself is the answer")

            let followed = BoundedTransport(limits: Self.limits, headers: [:], redirects: .followed(max: 1))
            let (page, _) = try await followed.send(request)
            #expect(page.statusCode == 200)

            let none = BoundedTransport(limits: Self.limits, headers: [:], redirects: .followed(max: 0))
            do throws(TransferFailure) {
                _ = try await none.send(request)
                Issue.record("a redirect past the limit was followed")
            } catch {
                guard case .limit(.tooManyRedirects) = error else {
                    Issue.record("expected too many redirects, got \(error)")
                    return
                }
            }
        }
    }

    /// A redirect's body is not the answer: a little of it is read, then the redirect is followed, so a
    /// server cannot hold a transfer until its deadline with a redirect whose body never ends.
    @Test func aRedirectsLongBodyIsNotReadToItsEnd() async throws {
        try await withTestServer { server in
            let target = server.baseURL.appending(path: "api/v1/timelines/public").absoluteString
            var components = URLComponents(
                url: server.baseURL.appending(path: "media/hostile/redirect-body/a"), resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "to", value: target)]
            let request = URLRequest(url: try #require(components?.url))
            // The body takes a minute to send; the deadline is 20 s.
            let followed = BoundedTransport(limits: Self.limits, headers: [:], redirects: .followed(max: 1))
            let (page, body) = try await followed.send(request)
            #expect(page.statusCode == 200)
            #expect(body.first == UInt8(ascii: "["), "the redirect's target answered")
        }
    }

    @Test func aCancelledTaskIsAnsweredAtOnce() async throws {
        let transport = BoundedTransport(limits: Self.limits, headers: [:])
        // Nothing listens on port 9 of loopback; the task is cancelled before it sends anything.
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/")))
        let task = Task { () async -> Result<(HTTPURLResponse, Data), TransferFailure> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(TransferFailure) {
                return .success(try await transport.send(request))
            } catch {
                return .failure(error)
            }
        }
        switch await task.value {
        case .success: Issue.record("a cancelled request was answered")
        case .failure(let error):
            guard case .transport(let underlying as URLError) = error else {
                Issue.record("expected a cancellation, got \(error)")
                return
            }
            #expect(underlying.code == .cancelled)
        }
    }
}
