import Foundation

/// One request the server answered, as recorded for tests (admin requests are not recorded).
public struct LoggedRequest: Sendable, Codable, Hashable {
    /// HTTP method, e.g. `GET`.
    public var method: String
    /// Percent-decoded path without query, e.g. `/api/v1/timelines/home`.
    public var path: String
    /// Query items in request order (names keep `[]`).
    public var query: [QueryPair]
    /// Whether the request carried a token (valid or not).
    public var hadToken: Bool
    /// The response status code sent (after faults).
    public var status: Int
    /// When it was answered.
    public var date: Date
    /// Refused with 429 because the caller's advertised budget was already used up (not a fault).
    public var overBudget: Bool = false
    /// The `X-RateLimit-Remaining` the server counted for the caller after this request (nil for media,
    /// which the budget does not count): tests check a client kept its reserve.
    public var rateRemaining: Int?
    /// The token it carried, valid or not: tests check which tokens reached which server.
    public var token: String?
    /// Which port it came to: `api`, or `streaming` (the second port of ``StreamingConfig/separateOrigin``).
    public var listener: String = "api"

    /// The first value of a query item.
    public func value(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// Whether a pagination cursor (`max_id`, `min_id`, `since_id`) was given.
    public var hasCursor: Bool { ["max_id", "min_id", "since_id"].contains { value($0) != nil } }
}

extension [LoggedRequest] {
    /// Requests to exactly this path.
    public func to(_ path: String) -> [LoggedRequest] { filter { $0.path == path } }
}
