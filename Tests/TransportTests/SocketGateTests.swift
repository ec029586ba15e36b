import Foundation
import Testing

@testable import Transport

#if canImport(Glibc)
    import Glibc
#endif

/// The socket check lets through only the proxies the environment names, by address and port; every
/// other address, loopback included, meets the address policy, whether or not a proxy is set.
@Suite struct SocketGateTests {
    /// Calls `body` with the socket address of 127.0.0.1:`port`.
    static func loopback<T>(port: UInt16, _ body: (UnsafeMutablePointer<sockaddr>) -> T) -> T {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }

    @Test func proxiesAreReadAsLibcurlReadsThem() {
        let proxies = SocketGate.proxies(in: [
            "http_proxy": "127.0.0.1:3128", "https_proxy": "http://127.0.0.1", "all_proxy": "https://127.0.0.1",
            "no_proxy": "*",
            "HTTP_PROXY": "127.0.0.1:9",
        ])
        let loopback = IPAddress(v4: [127, 0, 0, 1])
        #expect(proxies.contains(SocketGate.Endpoint(address: loopback, port: 3128)), "host:port is an HTTP proxy")
        #expect(proxies.contains(SocketGate.Endpoint(address: loopback, port: 1080)), "no port: 1080")
        #expect(proxies.contains(SocketGate.Endpoint(address: loopback, port: 443)), "an https:// proxy: 443")
        // libcurl ignores the upper-case HTTP_PROXY (a CGI request's `Proxy:` header can set it).
        #expect(!proxies.contains(SocketGate.Endpoint(address: loopback, port: 9)))
    }

    @Test func onlyAProxysOwnEndpointPassesUnchecked() throws {
        let gate = SocketGate(
            policy: AddressPolicy(trustedOrigins: []),
            proxies: [SocketGate.Endpoint(address: IPAddress(v4: [127, 0, 0, 1]), port: 3128)])
        let url = try #require(URL(string: "https://media.example.social/a.png"))
        #expect(Self.loopback(port: 3128) { gate.refusal(connectingTo: $0, for: url) } == nil, "the proxy")
        // A host in no_proxy goes straight to its address, and loopback on another port is a local service.
        let direct = Self.loopback(port: 8080) { gate.refusal(connectingTo: $0, for: url) }
        guard case .notPublic = direct else {
            Issue.record("a direct connection to loopback passed: \(String(describing: direct))")
            return
        }
    }
}
