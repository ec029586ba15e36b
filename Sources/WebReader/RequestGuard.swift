import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// What a request must show before anything is read for it, in this order: one `Host`, naming the
/// address the reader listens on or a `--public-host` (so a web page elsewhere cannot reach it through
/// DNS rebinding); no sign of coming from another site (``CrossSite``); and the owner's secret
/// (``OwnerSecret``: the printed address's token, its cookie, or the basic-auth password).
final class RequestGuard: Sendable {
    private let listen: ListenAddress
    private let publicHosts: [String]
    let secret: OwnerSecret
    /// The port actually bound (the one asked for, or the system's pick for port 0).
    private let boundPort: Mutex<Int>
    /// Requests refused so far, by reason (`/metrics`).
    let refusals: RefusalCounts

    init(
        listen: ListenAddress, publicHosts: [String] = [], password: String?, token: String,
        refusals: RefusalCounts = RefusalCounts()
    ) {
        self.listen = listen
        self.refusals = refusals
        self.publicHosts = publicHosts.map { $0.lowercased() }
        self.secret = OwnerSecret(token: token, password: password)
        self.boundPort = Mutex(listen.port)
    }

    /// Records the port the server is listening on.
    func bound(port: Int) { boundPort.withLock { $0 = port } }

    var port: Int { boundPort.withLock { $0 } }

    /// The `Host` values a browser sends for this address: it as given and, on loopback, the other
    /// names of this machine (`localhost`, `127.0.0.1`, `[::1]`); without the port when it is 80. And
    /// each public host: as given, and without a port also with the listening port.
    var allowedHosts: Set<String> {
        let port = self.port
        var hosts = [listen.host.lowercased()]
        if listen.isLoopback { hosts += ["localhost", "127.0.0.1", "::1"] }
        var allowed: Set<String> = []
        for host in hosts {
            let shown = host.contains(":") ? "[\(host)]" : host
            allowed.insert("\(shown):\(port)")
            if port == 80 { allowed.insert(shown) }
        }
        for name in publicHosts {
            allowed.insert(name)
            if !name.contains(":") { allowed.insert("\(name):\(port)") }
        }
        return allowed
    }

    /// What to do with `request` before it reaches a route.
    enum Verdict {
        /// Answer it.
        case pass
        /// Answer with this instead.
        case refuse(Reply)
        /// The token came in the address of a page: set the cookie and send the browser to `location`,
        /// the same address without the token.
        case welcome(location: String)
    }

    func verdict(_ request: Request) -> Verdict {
        let authority: String
        switch host(request) {
        case .success(let name): authority = name
        case .failure(let refusal): return .refuse(refusal.reply)
        }
        if let reason = CrossSite.reason(request, authority: authority) {
            return refuse(
                "cross-site",
                .text(
                    "Refused: \(reason). The reader answers only its own pages and addresses typed or opened "
                        + "from the terminal.", status: .forbidden))
        }
        // Apps signing in call these with their own secrets (client secret, code, bearer token).
        if OAuthRoutes.forApps.contains(request.uri.path) { return .pass }
        switch secret.check(request, cookieName: OwnerSecret.cookieName(port: port)) {
        case .owner: return .pass
        case .tokenInAddress(let location): return .welcome(location: location)
        case .stranger: return refuse("secret", secret.refusal)
        }
    }

    /// A refusal before anything is read for a request.
    struct Refusal: Error {
        var reply: Reply
    }

    /// The `Host` a request names, when it is one the reader answers at: the first check of every
    /// request, the API's too (so a web page elsewhere cannot reach the reader through DNS rebinding).
    func host(_ request: Request) -> Result<String, Refusal> {
        // RFC 9112: a request with more than one Host is answered 400 (HTTPTypes keeps the first as
        // the authority and the others as fields).
        guard let hostName = HTTPField.Name("Host"), request.headers[values: hostName].isEmpty else {
            refusals.count("host")
            return .failure(Refusal(reply: .text("Bad request: more than one Host line", status: .badRequest)))
        }
        guard let authority = request.head.authority, allowedHosts.contains(authority.lowercased()) else {
            refusals.count("host")
            return .failure(
                Refusal(
                    reply: .text(
                        "Host not allowed: this reader answers only at its own address", status: .misdirectedRequest)))
        }
        return .success(authority)
    }

    /// The address the reader was reached at, for links in answers: `https://` for a `--public-host`
    /// (served behind a TLS proxy), `http://` for the address it listens on.
    func base(authority: String) -> String {
        let name = authority.lowercased()
        let isPublic = publicHosts.contains { name == $0 || name == "\($0):\(port)" }
        return (isPublic ? "https://" : "http://") + authority
    }

    private func refuse(_ reason: String, _ reply: Reply) -> Verdict {
        refusals.count(reason)
        return .refuse(reply)
    }
}

/// How many requests the guard refused, by reason (`host`, `cross-site`, `secret`), for `/metrics`.
final class RefusalCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func count(_ reason: String) { counts.withLock { $0[reason, default: 0] += 1 } }

    var current: [String: Int] { counts.withLock { $0 } }
}
