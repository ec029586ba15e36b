import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

@testable import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each request in flight blocks a thread of its own in libcurl, so a burst of requests must not make a
/// thread each: a transport runs at most its `connectionsPerHost` at once, the rest wait in line.
@Suite struct TransferThreadsTests {
    @Test func aBurstOfRequestsRunsOnAtMostItsThreads() async throws {
        try await withTestServer { server in
            // A small picture sent one byte a second: each request stays in flight until its deadline.
            let url = server.baseURL.appending(path: "media/hostile/trickle/slow.png")
            let transport = BoundedTransport(
                limits: RequestLimits(idleTimeout: 10, deadline: 4, minimumRate: 0), headers: [:],
                connectionsPerHost: 2)
            let burst = Task {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<8 {
                        group.addTask { _ = try? await transport.send(URLRequest(url: url)) }
                    }
                }
            }
            await burst.value
            let most = transport.handles.mostThreadsAtOnce
            #expect(most == 2, "\(most) threads for 8 requests with 2 at once")
        }
    }
}
