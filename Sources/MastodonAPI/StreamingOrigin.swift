import Foundation

/// Where a server's streaming API is, from `configuration.urls.streaming` of `/api/v2/instance`
/// (`wss://streaming.example.social`), and whether the server's token may go there.
///
/// The token may go to one other origin only: the one its own server advertises, and only when that
/// origin is the server itself or a name under the server's domain (`streaming.example.social` for
/// `example.social`), over https (plain http only to loopback). Anything else is
/// refused: a server cannot send a user's token to a third party by advertising it.
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
        let host = origin.url.host ?? ""
        let serverHost = server.url.host ?? ""
        // Another port of the same host is the same server; plain http only reaches loopback (ServerAddress).
        guard host == serverHost || host.hasSuffix("." + serverHost) else {
            throw Refused(advertised: advertised, reason: "\(host) is neither \(serverHost) nor a name under it")
        }
        return origin
    }
}
