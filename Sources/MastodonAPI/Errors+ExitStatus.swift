import Models
import Transport

extension APIError: ExitStatusReporting {
    /// 69 when the server cannot be reached or fails (5xx, 408); 75 when its rate limit is used up;
    /// 77 when it refuses the token or the authorization code; 76 for anything else that is not how a
    /// Mastodon server answers (a 404 for an API path, HTML, JSON of the wrong shape, a redirect off the
    /// token's origin, an answer over its size cap).
    public var exitStatus: ExitStatus {
        switch self {
        case .transport: .unavailable
        case .rateLimited, .budgetSpent: .tempFail
        case .tokenRefused: .noPermission
        case .http(_, _, let status, _) where status == 408 || status >= 500: .unavailable
        case .http(_, _, let status, _) where status == 401 || status == 403: .noPermission
        case .http where refusesGrant || requiresAuthentication: .noPermission
        case .http, .notJSON, .malformed, .redirected, .tooLarge: .protocolError
        }
    }

    /// The OAuth token endpoint refused the authorization code (RFC 6749 §5.2 `invalid_grant`).
    public var refusesGrant: Bool {
        guard case .http(_, _, 400...401, let text) = self else { return false }
        return text?.contains("invalid_grant") == true
    }
}

extension ServerAddress.Invalid: ExitStatusReporting {
    /// 64: not a server Icebox will talk to as typed.
    public var exitStatus: ExitStatus { .usage }
}
