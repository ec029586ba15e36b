import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What may be reached, so that a URL in a status (or a redirect from one) cannot make Icebox reach a
/// service on the user's machine or network (media is fetched under it): only `http`/`https` URLs whose host
/// resolves to public addresses, or whose origin is one the user syncs from (so loopback test
/// servers keep working). Loopback, private, link-local, shared (CGNAT), multicast, reserved and
/// unspecified addresses are refused, IPv4 and IPv6 alike (v4-mapped and NAT64 forms included).
///
/// The check runs before each request and again on every redirect target, and once more on the socket
/// itself (``refusal(connectingTo:for:)``, from libcurl's `CURLOPT_OPENSOCKETFUNCTION`): the address
/// libcurl is about to connect to is the one that counts, so a DNS server that answers a public address
/// to the first check and a private one a moment later (DNS rebinding) gets nothing through either.
public struct AddressPolicy: Sendable {
    /// Why a URL may not be fetched.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not an `http`/`https` URL.
        case unsupportedScheme(String)
        /// Its host is, or resolves to, an address that is not public.
        case notPublic(String)
        /// Its host does not resolve.
        case unresolved(String)

        public var description: String {
            switch self {
            case .unsupportedScheme(let why), .notPublic(let why), .unresolved(let why): why
            }
        }
    }

    /// Origins that may be reached whatever they resolve to: the servers statuses are archived from.
    public let trusted: Set<RedirectPolicy.Origin>

    /// A policy that trusts the origins of `trustedOrigins`.
    public init(trustedOrigins: [URL]) {
        trusted = Set(trustedOrigins.compactMap(RedirectPolicy.Origin.init))
    }

    /// Throws when `url` must not be fetched; resolves its host unless its origin is trusted.
    public func check(_ url: URL) throws(Refusal) {
        guard let origin = RedirectPolicy.Origin(url) else {
            throw .unsupportedScheme(
                "only http:// and https:// URLs are fetched, not \(url.scheme ?? "a schemeless URL")")
        }
        if trusted.contains(origin) { return }
        if origin.scheme == "http", ServerAddress.isLoopback(origin.host) {
            throw .notPublic("\(origin) is a loopback address and not a server statuses are archived from")
        }
        let addresses = try Self.resolve(origin.host)
        if let nonPublic = addresses.first(where: { !$0.isPublic }) {
            throw .notPublic(
                "\(origin.host) resolves to \(nonPublic) (\(nonPublic.kind)); "
                    + "media is fetched only from public addresses")
        }
    }

    /// Why a connection to `address` must not be opened for `url`, checked on the socket just before it
    /// connects; nil when it may be (a trusted origin, or a public address). Behind a proxy, `address` is
    /// the proxy's, which the user chose: the caller does not ask then.
    public func refusal(connectingTo address: IPAddress, for url: URL) -> Refusal? {
        if let origin = RedirectPolicy.Origin(url), trusted.contains(origin) { return nil }
        if address.isPublic { return nil }
        return .notPublic(
            "\(url.host ?? "the host") resolved to \(address) (\(address.kind)) when connecting; "
                + "media is fetched only from public addresses")
    }

    /// Every address the host resolves to (an IP literal is itself).
    public static func resolve(_ host: String) throws(Refusal) -> [IPAddress] {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(bare, nil, &hints, &list)
        guard status == 0, let first = list else { throw .unresolved("cannot find the host \(host)") }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = IPAddress(current.pointee.ai_addr) { addresses.append(address) }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw .unresolved("cannot find the host \(host)") }
        return addresses
    }
}
