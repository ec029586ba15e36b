import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a socket may connect to, decided on the address it is about to connect to (libcurl's
/// `CURLOPT_OPENSOCKETFUNCTION`, see ``EasyExchange``): the ``AddressPolicy`` for every address, except
/// the proxies the environment names (`http_proxy`, `https_proxy`, `all_proxy`), which the user chose.
///
/// libcurl picks a proxy per scheme and skips it for `no_proxy` hosts, so which connection goes through
/// a proxy is libcurl's to decide; the gate does not guess. A connection to a proxy's own address and
/// port is let through, any other is checked, so a direct connection is checked whether or not a proxy
/// is set.
struct SocketGate: Sendable {
    /// An address and port a socket connects to.
    struct Endpoint: Hashable, Sendable {
        var address: IPAddress
        var port: UInt16
    }

    let policy: AddressPolicy
    /// Where the environment's proxies listen.
    let proxies: Set<Endpoint>

    init(policy: AddressPolicy, proxies: Set<Endpoint> = SocketGate.environmentProxies) {
        self.policy = policy
        self.proxies = proxies
    }

    /// Why a socket must not connect to `socketAddress` for `url`; nil when it may.
    func refusal(connectingTo socketAddress: UnsafeMutablePointer<sockaddr>, for url: URL) -> AddressPolicy.Refusal? {
        guard let address = IPAddress(socketAddress) else {
            return .notPublic(
                "\(url.host ?? "the host") is not reached over IP; media is fetched only from public addresses")
        }
        if proxies.contains(Endpoint(address: address, port: Self.port(of: socketAddress))) { return nil }
        return policy.refusal(connectingTo: address, for: url)
    }

    /// The port of an IPv4 or IPv6 socket address.
    static func port(of socketAddress: UnsafeMutablePointer<sockaddr>) -> UInt16 {
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt16(bigEndian: $0.pointee.sin_port)
            }
        case AF_INET6:
            socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                UInt16(bigEndian: $0.pointee.sin6_port)
            }
        default: 0
        }
    }

    /// The proxies of this process's environment, resolved once.
    static let environmentProxies: Set<Endpoint> = proxies(in: ProcessInfo.processInfo.environment)

    /// The endpoints of the proxies `environment` names, as libcurl reads them: a bare `host:port` is an
    /// HTTP proxy, and a proxy without a port listens on 443 for `https://`, 1080 for any other.
    static func proxies(in environment: [String: String]) -> Set<Endpoint> {
        var endpoints: Set<Endpoint> = []
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let spelled = value.contains("://") ? value : "http://\(value)"
            guard let components = URLComponents(string: spelled), let host = components.host, !host.isEmpty,
                let addresses = try? AddressPolicy.resolve(host)
            else { continue }
            let port = UInt16(clamping: components.port ?? (components.scheme?.lowercased() == "https" ? 443 : 1080))
            for address in addresses { endpoints.insert(Endpoint(address: address, port: port)) }
        }
        return endpoints
    }
}
