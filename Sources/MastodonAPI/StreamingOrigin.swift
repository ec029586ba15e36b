import Foundation
import Transport

/// Where a server's streaming API is, from `configuration.urls.streaming` of `/api/v2/instance`
/// (`wss://streaming.example.social`), and whether the server's token may go there.
///
/// A token goes only to the scheme, host and port that issued it. The one exception is the shape
/// mastodon.social and most large servers use: a name under the server's own (`streaming.example.social`
/// for `example.social`) with the same scheme and the same port, since the server's operator holds the
/// names under its own. Anything else, another port or scheme of the same host included (another
/// program may listen there), is refused: the timeline is then polled.
public enum StreamingOrigin {
    /// Why an advertised streaming origin is not used.
    public struct Refused: Error, Sendable, Hashable, CustomStringConvertible {
        public var advertised: String
        public var reason: String
        public var description: String { "the advertised streaming origin \(advertised) is not used: \(reason)" }
    }

    /// The origin to stream from, given what `server` advertised; `nil` advertised means the server itself.
    public static func resolve(_ advertised: String?, for server: ServerAddress) throws(Refused) -> ServerAddress {
        guard let advertised, !advertised.isEmpty else { return server }
        var text = advertised
        if text.lowercased().hasPrefix("wss://") { text = "https://" + text.dropFirst(6) }
        if text.lowercased().hasPrefix("ws://") { text = "http://" + text.dropFirst(5) }
        while text.hasSuffix("/") { text.removeLast() }
        let origin: ServerAddress
        do { origin = try ServerAddress(text) } catch {
            throw Refused(advertised: advertised, reason: error.description)
        }
        let (scheme, host, port) = parts(origin)
        let (serverScheme, serverHost, serverPort) = parts(server)
        guard scheme == serverScheme, port == serverPort else {
            throw Refused(
                advertised: advertised,
                reason: "\(scheme)://…:\(port) is not the server's own scheme and port "
                    + "(\(serverScheme)://…:\(serverPort)); the token goes only where it was issued")
        }
        guard host == serverHost || host.hasSuffix("." + serverHost) else {
            throw Refused(advertised: advertised, reason: "\(host) is neither \(serverHost) nor a name under it")
        }
        if host == serverHost { return server }
        // The default port written out (`:443`) is the same origin as none.
        let written = port == defaultPort(scheme) ? "" : ":\(port)"
        return (try? ServerAddress("\(scheme)://\(host)\(written)")) ?? origin
    }

    /// Scheme, host and port, the port filled in from the scheme when not written.
    private static func parts(_ address: ServerAddress) -> (String, String, Int) {
        let scheme = address.url.scheme?.lowercased() ?? ""
        return (scheme, address.url.host?.lowercased() ?? "", address.url.port ?? defaultPort(scheme))
    }

    private static func defaultPort(_ scheme: String) -> Int { scheme == "http" ? 80 : 443 }
}
