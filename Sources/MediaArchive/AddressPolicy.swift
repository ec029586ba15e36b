import Foundation
import MastodonAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where media may be fetched from, so that a URL in a status (or a redirect from one) cannot make
/// Icebox reach a service on the user's machine or network: only `http`/`https` URLs whose host
/// resolves to public addresses, or whose origin is one the user syncs from (so loopback test
/// servers keep working). Loopback, private, link-local, shared (CGNAT), multicast, reserved and
/// unspecified addresses are refused, IPv4 and IPv6 alike (v4-mapped and NAT64 forms included).
///
/// The check runs before each request and again on every redirect target. URLSession resolves the
/// host again when it connects, so a DNS server that answers a public address to the check and a
/// private one a moment later (DNS rebinding) could still get through; closing that window needs
/// the check at connect time (libcurl's `CURLOPT_OPENSOCKETFUNCTION`), which FoundationNetworking
/// does not expose.
struct AddressPolicy: Sendable {
    /// Origins media may come from whatever they resolve to: the servers statuses are archived from.
    let trusted: Set<RedirectPolicy.Origin>

    init(trustedOrigins: [URL]) {
        trusted = Set(trustedOrigins.compactMap(RedirectPolicy.Origin.init))
    }

    /// Throws when `url` must not be fetched; resolves its host unless its origin is trusted.
    func check(_ url: URL) throws(MediaFailure) {
        guard let origin = RedirectPolicy.Origin(url) else {
            throw .refusedURL("only http:// and https:// URLs are fetched, not \(url.scheme ?? "a schemeless URL")")
        }
        if trusted.contains(origin) { return }
        if origin.scheme == "http", ServerAddress.isLoopback(origin.host) {
            throw .refusedAddress("\(origin) is a loopback address and not a server statuses are archived from")
        }
        let addresses = try Self.resolve(origin.host)
        if let private_ = addresses.first(where: { !$0.isPublic }) {
            throw .refusedAddress("\(origin.host) resolves to \(private_) (\(private_.kind)); "
                                  + "media is fetched only from public addresses")
        }
    }

    /// Every address the host resolves to (an IP literal is itself).
    static func resolve(_ host: String) throws(MediaFailure) -> [IPAddress] {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(bare, nil, &hints, &list)
        guard status == 0, let first = list else { throw .transport("cannot find the host \(host)") }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = IPAddress(current.pointee.ai_addr) { addresses.append(address) }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw .transport("cannot find the host \(host)") }
        return addresses
    }
}

extension MediaStore {
    /// `options` with the servers of the pinned timelines added to the trusted origins: the statuses
    /// come from them, so their own media is fetched even from loopback (test servers).
    func trustingArchivedServers(_ options: MediaOptions) async throws(MediaError) -> MediaOptions {
        var options = options
        do {
            options.trustedOrigins += try await archive.timelines().compactMap { try? ServerAddress($0.server).url }
        } catch {
            throw .database(error.description)
        }
        return options
    }
}
