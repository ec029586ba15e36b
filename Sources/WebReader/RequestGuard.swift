import Foundation
import HTTPTypes
import Synchronization

/// What a request must show before anything is read for it: a `Host` naming the address the reader
/// listens on (so a web page elsewhere cannot reach it through DNS rebinding), and, when a password is
/// set, HTTP basic auth with that password (any user name).
final class RequestGuard: Sendable {
    private let listen: ListenAddress
    private let password: String?
    /// The port actually bound (the one asked for, or the system's pick for port 0).
    private let boundPort: Mutex<Int>

    init(listen: ListenAddress, password: String?) {
        self.listen = listen
        self.password = password
        self.boundPort = Mutex(listen.port)
    }

    /// Records the port the server is listening on.
    func bound(port: Int) { boundPort.withLock { $0 = port } }

    /// The `Host` values a browser sends for this address: it as given and, on loopback, the other
    /// names of this machine (`localhost`, `127.0.0.1`, `[::1]`); without the port when it is 80.
    var allowedHosts: Set<String> {
        let port = boundPort.withLock { $0 }
        var hosts = [listen.host.lowercased()]
        if listen.isLoopback { hosts += ["localhost", "127.0.0.1", "::1"] }
        var allowed: Set<String> = []
        for host in hosts {
            let shown = host.contains(":") ? "[\(host)]" : host
            allowed.insert("\(shown):\(port)")
            if port == 80 { allowed.insert(shown) }
        }
        return allowed
    }

    /// The refusal for a request that may not be answered, or `nil`.
    func refusal(authority: String?, authorization: String?) -> Reply? {
        guard let authority, allowedHosts.contains(authority.lowercased()) else {
            return .text("Host not allowed: this reader answers only at its own address", status: .misdirectedRequest)
        }
        guard let password else { return nil }
        guard let authorization, Self.password(inBasic: authorization).map({ Self.same($0, password) }) == true else {
            var reply = Reply.text("Authentication required", status: .unauthorized)
            reply.headers.append(HTTPField(name: .wwwAuthenticate, value: "Basic realm=\"Icebox\", charset=\"UTF-8\""))
            return reply
        }
        return nil
    }

    /// The password of a `Basic` credential (`user:password` in base64), or `nil`.
    private static func password(inBasic header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1])).flatMap({ String(data: $0, encoding: .utf8) }),
            let colon = decoded.firstIndex(of: ":")
        else { return nil }
        return String(decoded[decoded.index(after: colon)...])
    }

    /// Compares without stopping at the first difference, so the time taken tells nothing.
    private static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        var difference = a.count ^ b.count
        for index in 0..<max(a.count, b.count) {
            difference |= Int((index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0))
        }
        return difference == 0
    }
}
