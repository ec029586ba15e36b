import Foundation
import Transport

/// Everything that can go wrong talking to a server, each naming the server and the call.
public enum APIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No HTTP answer: unreachable host, refused connection, timeout, dropped connection.
    case transport(server: String, path: String, message: String, timedOut: Bool)
    /// An HTTP error status, with the server's `error` text when it sent one.
    case http(server: String, path: String, status: Int, serverError: String?)
    /// 401 to a request that carried an account's access token: the token was revoked, has expired or is
    /// wrong, whatever words the server used (some say "requires an authenticated user", as to no token
    /// at all). `address` is the server as `icebox account add` takes it, to authorize Icebox again.
    case tokenRefused(server: String, path: String, address: String, serverError: String?)
    /// 429: the advertised budget is used up; `reset` is when it refills, if the server said.
    case rateLimited(server: String, path: String, reset: Date?)
    /// A success status whose body is not JSON (an HTML error page from a proxy, say).
    case notJSON(server: String, path: String, status: Int, contentType: String?)
    /// JSON that does not have the expected shape.
    case malformed(server: String, path: String, reason: String)
    /// A redirect away from the server's origin (another host or port, or https to http): never
    /// followed, so the token stays with its server and another host's answer is never read as a page.
    /// `location` names only the target's origin.
    case redirected(server: String, path: String, location: String)
    /// The answer's body, decompressed, passed the cap (``RequestLimits/maxBodyBytes``).
    case tooLarge(server: String, path: String, limit: Int)
    /// Not sent: the server's advertised budget is down to what is kept for the user's other apps and
    /// refills at `until`, later than the run waits (see ``RequestBudget``). The rest waits for the next run.
    case budgetSpent(server: String, path: String, until: Date)

    /// The HTTP status, when there was one.
    public var httpStatus: Int? {
        switch self {
        case .http(_, _, let status, _), .notJSON(_, _, let status, _): status
        case .rateLimited: 429
        case .tokenRefused: 401
        case .transport, .malformed, .redirected, .tooLarge, .budgetSpent: nil
        }
    }

    /// Whether this is ``tokenRefused``: a 401 to a request that carried an account's token.
    public var isTokenRefusal: Bool {
        if case .tokenRefused = self { return true }
        return false
    }

    /// 401: the token is missing, revoked or wrong.
    public var isUnauthorized: Bool { httpStatus == 401 && !requiresAuthentication }

    /// The server refuses anonymous access to this timeline (422, or 401 on older versions); never a 401 to
    /// a request with a token (``tokenRefused``).
    public var requiresAuthentication: Bool {
        guard case .http(_, _, let status, let text) = self, status == 401 || status == 422 else { return false }
        return text?.lowercased().contains("authenticated user") == true
    }

    /// 429: the rate limit is exhausted.
    public var isRateLimited: Bool { httpStatus == 429 }

    /// Not sent, to keep the rate reserve: the budget refills later than the run waits.
    public var isBudgetSpent: Bool {
        if case .budgetSpent = self { return true }
        return false
    }

    /// Worth retrying later in the same run: timeouts, refused or dropped connections, 5xx, 408 and
    /// 429. Not a failed TLS handshake (a certificate does not fix itself in a minute), nor any other
    /// 4xx: asking again gets the same answer.
    public var isTransient: Bool {
        switch self {
        case .transport: !isTLSFailure
        case .rateLimited: true
        case .http(_, _, let status, _), .notJSON(_, _, let status, _): status >= 500 || status == 408 || status == 429
        case .tokenRefused, .malformed, .redirected, .tooLarge, .budgetSpent: false
        }
    }

    /// The TLS handshake failed (an untrusted or expired certificate, a server that does not speak TLS).
    public var isTLSFailure: Bool {
        guard case .transport(_, _, let message, _) = self else { return false }
        return message.hasPrefix(Self.tlsFailurePrefix)
    }

    /// How `MastodonClient` begins the message of a transport error that is a TLS failure.
    static let tlsFailurePrefix = "TLS failed"

    public var description: String {
        switch self {
        case .transport(let server, let path, let message, let timedOut):
            guard !timedOut else { return "\(server): \(path) timed out" }
            // OpenSSL's words for a TLS hello answered in plain HTTP: the address has the wrong scheme.
            let hint =
                isTLSFailure && message.contains("wrong version number")
                ? " (it answers in plain HTTP: a test server on loopback is given as http://)" : ""
            return "\(server) could not be reached (\(path)): \(message)\(hint)"
        case .http(let server, let path, let status, let serverError):
            let detail = serverError.map { ": \($0)" } ?? ""
            if refusesGrant {
                return "\(server) refused the authorization code (\(status)\(detail)): it was mistyped, has "
                    + "expired or was used already; run `icebox account add` again for a new one"
            }
            switch status {
            case 401 where !requiresAuthentication:
                return "\(server) refused the access token (401)\(detail). Add the account again to get a new token."
            case 404: return "\(server): \(path) was not found (404)\(detail)"
            default: return "\(server): \(path) answered HTTP \(status)\(detail)"
            }
        case .tokenRefused(let server, _, let address, let serverError):
            return "\(server) refused the access token (401\(serverError.map { ": \($0)" } ?? "")): it was revoked "
                + "or has expired; run `icebox account add \(address) --replace` to authorize Icebox again"
        case .rateLimited(let server, _, let reset):
            let when = reset.map { " until \(ISO8601DateFormatter().string(from: $0))" } ?? ""
            return "\(server): rate limit exhausted (429)\(when)"
        case .notJSON(let server, let path, let status, let contentType):
            return "\(server): \(path) answered HTTP \(status) with \(contentType ?? "no content type") instead of JSON"
                + " (is this a Mastodon server?)"
        case .malformed(let server, let path, let reason):
            return "\(server): \(path) sent a response Icebox cannot read: \(reason)"
        case .redirected(let server, let path, let location):
            return "\(server): \(path) redirected to another server (\(location)); Icebox follows redirects only "
                + "within the same server (scheme, host and port) and does not send the request there"
        case .tooLarge(let server, let path, let limit):
            return "\(server): \(path) sent more than \(limit) bytes (after decompression); the answer was refused"
        case .budgetSpent(let server, _, let until):
            return "\(server): rate limit reached; the server's budget refills at "
                + "\(ISO8601DateFormatter().string(from: until)), the rest follows on the next run"
        }
    }
}
