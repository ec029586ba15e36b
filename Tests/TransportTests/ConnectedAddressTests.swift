import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An exchange says which address its answer came from (a WARC's `WARC-IP-Address`): the address the
/// connection went to, not whichever a fresh look-up of the name gives first.
@Suite struct ConnectedAddressTests {
    /// Keeps the exchanges it is shown.
    final class Keeper: ExchangeObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [CapturedExchange] = []
        var exchanges: [CapturedExchange] { lock.withLock { kept } }
        func exchanged(_ exchange: CapturedExchange) { lock.withLock { kept.append(exchange) } }
    }

    @Test func anAnswerSaysTheAddressItCameFrom() async throws {
        try await withTestServer { server in
            // The server listens on 127.0.0.1 alone; `localhost` may resolve to ::1 first.
            var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
            components.host = "localhost"
            let url = try #require(components.url?.appending(path: "api/v1/timelines/public"))
            let transport = BoundedTransport(limits: RequestLimits(idleTimeout: 10, deadline: 20), headers: [:])
            let keeper = Keeper()
            let (response, _) = try await BoundedTransport.$observer.withValue(keeper) {
                try await transport.send(URLRequest(url: url))
            }
            #expect(response.statusCode == 200)
            // The observer is told as the transfer ends, on the transfer's thread.
            try? await waitUntil(seconds: 10) { !keeper.exchanges.isEmpty }
            let exchange = try #require(keeper.exchanges.first)
            #expect(exchange.responseAddress == "127.0.0.1")
        }
    }
}
