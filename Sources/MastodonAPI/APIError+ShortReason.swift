extension APIError {
    /// A few words for a live progress line ("HTTP 503", "timed out"); `description` has the whole story.
    public var shortReason: String {
        switch self {
        case .transport(_, _, _, let timedOut): timedOut ? "timed out" : "no connection"
        case .http(_, _, let status, _): "HTTP \(status)"
        case .rateLimited: "HTTP 429"
        case .tokenRefused: "token refused"
        case .notJSON(_, _, let status, _): "HTTP \(status), not JSON"
        case .malformed: "an unreadable answer"
        case .redirected: "a redirect elsewhere"
        case .tooLarge: "an answer too large"
        case .budgetSpent: "rate limit reserve reached"
        }
    }
}
