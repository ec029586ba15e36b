import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// The reader belongs to whoever started it, as Jupyter's does: a random token in the one address it
/// prints, kept by the browser as an `HttpOnly; SameSite=Strict` cookie, is needed on every request on
/// any address; with `--password-file`, HTTP basic auth with that password is taken too. Other users of
/// the machine reach 127.0.0.1 as well as the owner does: without the secret they get nothing.
struct OwnerSecret: Sendable {
    /// 32 random bytes in hex, new at every start. Compared in constant time; never logged.
    let token: String
    let password: String?

    init(token: String, password: String?) {
        self.token = token
        self.password = password
    }

    /// A new token from the system's secure generator (`getrandom`).
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }

    /// The cookie's name: one per port, since a browser keeps cookies per host whatever the port, and two
    /// readers on one machine must not overwrite each other's.
    static func cookieName(port: Int) -> String { "icebox-\(port)" }

    /// The cookie set once the token has been shown: the browser sends it to this host only, never with
    /// a request another site makes, and no script can read it.
    static func cookie(port: Int, token: String) -> Cookie {
        Cookie(name: cookieName(port: port), value: token, path: "/", httpOnly: true, sameSite: .strict)
    }

    enum Check {
        case owner
        /// The token came as `?token=` in a browser's navigation: answered by setting the cookie and
        /// sending it to `location`, the address without the token (out of the history and the screen).
        case tokenInAddress(location: String)
        case stranger
    }

    func check(_ request: Request, cookieName: String) -> Check {
        if let cookie = request.cookies[cookieName], Self.same(cookie.value, token) { return .owner }
        if let password, let header = request.headers[.authorization],
            let given = Self.password(inBasic: header), Self.same(given, password)
        {
            return .owner
        }
        guard let given = request.uri.queryParameters["token"], Self.same(String(given), token) else {
            return .stranger
        }
        let mode = Self.secFetchMode.flatMap { request.headers[$0] }
        let isPage = mode == "navigate" || (mode == nil && (request.headers[.accept] ?? "").contains("text/html"))
        guard isPage, request.method == .get else { return .owner }
        return .tokenInAddress(location: Self.withoutToken(request.uri))
    }

    /// What a request without the secret gets: no part of the archive, and how to get in.
    var refusal: Reply {
        var text =
            "This reader belongs to the one who started it. Open the address `icebox serve` printed "
            + "(it ends in ?token=…) in this browser"
        if password != nil { text += ", or give the password (HTTP basic auth)" }
        var reply = Reply.text(text + ".", status: password == nil ? .forbidden : .unauthorized)
        if password != nil {
            reply.headers.append(HTTPField(name: .wwwAuthenticate, value: "Basic realm=\"Icebox\", charset=\"UTF-8\""))
        }
        return reply
    }

    /// The request's path and query without its `token` parameters, as sent otherwise.
    private static func withoutToken(_ uri: HummingbirdCore.URI) -> String {
        let path = uri.path.hasPrefix("/") && !uri.path.hasPrefix("//") ? uri.path : "/"
        let kept = (uri.query ?? "").split(separator: "&").filter { !($0 == "token" || $0.hasPrefix("token=")) }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
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
    static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        var difference = a.count ^ b.count
        for index in 0..<max(a.count, b.count) {
            difference |= Int((index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0))
        }
        return difference == 0
    }

    private static let secFetchMode = HTTPField.Name("Sec-Fetch-Mode")
}
