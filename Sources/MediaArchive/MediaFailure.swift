import Foundation

/// Why a media URL could not be stored. Permanent failures are recorded and not tried again on later
/// runs (unless asked with `--retry-failed`); transient ones are tried again next run.
public enum MediaFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with an error status.
    case http(Int)
    /// The body is not media (an HTML page, a JSON error…).
    case notMedia(String)
    /// Larger than the size cap (declared or as received).
    case tooLarge(limit: Int64)
    /// The body's length differs from the `Content-Length` the server declared.
    case lengthMismatch(declared: Int64, received: Int64)
    /// Redirected more often than allowed (usually a loop).
    case tooManyRedirects
    /// A URL Icebox will not fetch: not https (plain http only for loopback), or unparseable.
    case refusedURL(String)
    /// A reserved name that never resolves (`*.example`, `*.invalid`, `*.test`): not worth a request.
    case unresolvableHost(String)
    /// A host that resolves to a loopback, private, link-local, multicast or reserved address, not
    /// one of the archive's servers: never fetched (server-side request forgery).
    case refusedAddress(String)
    /// The transfer broke its deadline or came slower than the minimum rate.
    case tooSlow(String)
    /// Connection trouble, timeouts.
    case transport(String)
    /// Waiting for the host's rate limit would take longer than a run waits.
    case paced(String)
    /// The file could not be written.
    case storage(String)

    /// Whether trying again on a later run could help.
    public var isPermanent: Bool {
        switch self {
        case .http(let status): [400, 401, 403, 404, 405, 406, 410, 414, 415, 451].contains(status)
        case .notMedia, .tooLarge, .tooManyRedirects, .refusedURL, .unresolvableHost, .refusedAddress: true
        case .lengthMismatch, .transport, .paced, .storage, .tooSlow: false
        }
    }

    /// Whether another attempt within this run could help.
    var isRetryableNow: Bool {
        switch self {
        case .http(let status): status == 429 || status >= 500
        case .lengthMismatch, .transport: true
        default: false
        }
    }

    /// The HTTP status, when the failure is one.
    var httpStatus: Int? {
        if case .http(let status) = self { return status }
        return nil
    }

    public var description: String {
        switch self {
        case .http(let status): "the server answered HTTP \(status)"
        case .notMedia(let what): "not media: the server sent \(what)"
        case .tooLarge(let limit): "larger than the \(limit)-byte limit (--max-media-size)"
        case .lengthMismatch(let declared, let received):
            "received \(received) bytes but the server declared \(declared) (Content-Length)"
        case .tooManyRedirects: "too many redirects (a redirect loop?)"
        case .refusedURL(let why): why
        case .refusedAddress(let why): "refused: \(why)"
        case .tooSlow(let why): "too slow: \(why)"
        case .unresolvableHost(let host): "\(host) is a reserved name that never resolves"
        case .transport(let why): "transfer failed: \(why)"
        case .paced(let why): why
        case .storage(let why): "could not store the file: \(why)"
        }
    }
}

/// What the media archive cannot work around: its folder or database is unusable.
public enum MediaError: Error, Sendable, CustomStringConvertible {
    case storage(path: String, reason: String)
    case database(String)

    public var description: String {
        switch self {
        case .storage(let path, let reason): "media archive: cannot use \(path): \(reason)"
        case .database(let message): "media archive database error: \(message)"
        }
    }
}
