import Foundation

/// Which redirects an API request may follow. A token belongs to the origin that issued it (scheme,
/// host and port), so a request is sent again only to that same origin: never to another host or
/// port, never from `https` down to `http`. Anything else ends the request with
/// `APIError.redirected(server:path:location:)` rather than reading another server's answer as a page.
public enum RedirectPolicy {
    /// The most same-origin redirects one request follows (more is a loop).
    public static let maxHops = 5

    /// The statuses that carry a `Location` to follow.
    public static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// An origin: lowercased scheme and host, and the port (the scheme's default when not given).
    public struct Origin: Hashable, Sendable, CustomStringConvertible {
        public var scheme: String
        public var host: String
        public var port: Int

        public init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
                return nil
            }
            let defaultPort: Int
            switch scheme {
            case "https": defaultPort = 443
            case "http": defaultPort = 80
            default: return nil
            }
            self.scheme = scheme
            self.host = host
            port = url.port ?? defaultPort
        }

        public var description: String {
            let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            let isDefault = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
            return "\(scheme)://\(bracketed)\(isDefault ? "" : ":\(port)")"
        }
    }

    /// Whether a request to `source` may be sent, with its token, to `target`: only the same origin.
    /// (Same origin also means same scheme, so https never falls back to http.)
    public static func mayFollow(from source: URL, to target: URL) -> Bool {
        guard let from = Origin(source), let to = Origin(target) else { return false }
        return from == to
    }

    /// The absolute target of a redirect answer, or nil when it has no usable `Location`.
    public static func target(of location: String?, from url: URL) -> URL? {
        guard let location, !location.isEmpty else { return nil }
        return URL(string: location, relativeTo: url)?.absoluteURL
    }

    /// What to name in an error: the target's origin only (its path or query may carry anything).
    public static func describe(_ location: String?, from url: URL) -> String {
        guard let target = target(of: location, from: url) else { return "no usable Location" }
        return Origin(target)?.description ?? "a \(target.scheme ?? "schemeless") URL"
    }
}
