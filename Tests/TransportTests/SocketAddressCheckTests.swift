import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The address policy holds on the socket itself: the address a connection goes to is checked just
/// before it connects, whatever the name resolved to when the request was checked (DNS rebinding) and
/// wherever a redirect leads. A bare listener on loopback is the detector: it must see no connection.
@Suite struct SocketAddressCheckTests {
    static let limits = RequestLimits(idleTimeout: 10, deadline: 20, minimumRate: 0)

    /// A TCP listener on 127.0.0.1 that nobody answers: the kernel completes a handshake on its own,
    /// so a connection that was opened waits in its backlog and `accept` finds it.
    final class Detector {
        let socket: Int32
        let port: UInt16

        init() throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.socket = socket
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(socket, pointer, length) == 0 && listen(socket, 8) == 0
                        && getsockname(socket, pointer, &length) == 0
                }
            }
            try #require(bound, "the detector listens")
            port = UInt16(bigEndian: address.sin_port)
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        }

        deinit { close(socket) }

        /// Whether any connection reached the listener.
        var wasReached: Bool {
            let client = accept(socket, nil, nil)
            if client >= 0 { close(client) }
            return client >= 0
        }
    }

    /// The request's error, when the transfer failed on the address policy.
    static func refusal(_ transport: BoundedTransport, _ url: URL) async -> AddressPolicy.Refusal? {
        do throws(TransferFailure) {
            _ = try await transport.send(URLRequest(url: url))
            return nil
        } catch {
            guard case .transport(let underlying) = error else { return nil }
            return underlying as? AddressPolicy.Refusal
        }
    }

    @Test func aConnectionToANonPublicAddressIsRefusedOnItsSocket() async throws {
        let detector = try Detector()
        let policy = AddressPolicy(trustedOrigins: [])
        let transport = BoundedTransport(limits: Self.limits, headers: [:], addresses: policy)
        for host in ["127.0.0.1", "localhost"] {
            let url = try #require(URL(string: "http://\(host):\(detector.port)/media/a.png"))
            let refusal = await Self.refusal(transport, url)
            guard case .notPublic(let why) = refusal else {
                Issue.record("\(host): expected a refusal on the socket, got \(String(describing: refusal))")
                continue
            }
            #expect(why.contains("when connecting"), "\(why)")
        }
        #expect(!detector.wasReached, "a connection reached a loopback service")
    }

    @Test func aTrustedOriginIsReachedWhateverItsAddress() async throws {
        try await withTestServer { server in
            let policy = AddressPolicy(trustedOrigins: [server.baseURL])
            let transport = BoundedTransport(limits: Self.limits, headers: [:], addresses: policy)
            let url = server.baseURL.appending(path: "api/v1/timelines/public")
            let (response, body) = try await transport.send(URLRequest(url: url))
            #expect(response.statusCode == 200)
            #expect(body.first == UInt8(ascii: "["))
        }
    }

    @Test func aRedirectsTargetIsCheckedOnItsSocket() async throws {
        let detector = try Detector()
        try await withTestServer { server in
            // The receiver (a body collector) checks no redirect target: only the socket check stands.
            let policy = AddressPolicy(trustedOrigins: [server.baseURL])
            let transport = BoundedTransport(
                limits: Self.limits, headers: [:], redirects: .followed(max: 2), addresses: policy)
            var components = URLComponents(
                url: server.baseURL.appending(path: "media/hostile/redirect/a"), resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "to", value: "http://localhost:\(detector.port)/x.png")]
            let refusal = await Self.refusal(transport, try #require(components?.url))
            guard case .notPublic = refusal else {
                Issue.record("expected a refusal on the redirect's socket, got \(String(describing: refusal))")
                return
            }
        }
        #expect(!detector.wasReached, "a redirect reached a loopback service")
    }
}
