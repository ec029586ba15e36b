import Foundation
import Models

/// The `X-RateLimit-*` headers of a response.
public struct RateLimit: Hashable, Sendable {
    public var limit: Int
    public var remaining: Int
    /// When the budget refills; servers send ISO 8601 with microseconds.
    public var reset: Date?

    public init(limit: Int, remaining: Int, reset: Date?) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
    }

    /// Reads the headers; `nil` when the server sends none (or nonsense).
    public init?(headers: [String: String]) {
        func value(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name }?.value.trimmingCharacters(in: .whitespaces)
        }
        guard let limit = value("x-ratelimit-limit").flatMap(Int.init),
            let remaining = value("x-ratelimit-remaining").flatMap(Int.init)
        else { return nil }
        self.limit = limit
        self.remaining = remaining
        reset = value("x-ratelimit-reset").flatMap(MastodonDate.parse)
    }
}
