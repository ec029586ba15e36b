import Foundation

/// A progress tick, for a live line on a terminal: what one timeline (or the media phase) is doing now.
public struct SyncProgress: Sendable {
    /// The timeline's display name, or `media` for the media phase.
    public var timeline: String
    public var activity: SyncActivity

    public init(timeline: String, activity: SyncActivity) {
        self.timeline = timeline
        self.activity = activity
    }
}

/// What a sync is doing, in the terms a person watching it cares about.
public enum SyncActivity: Sendable {
    /// A page was stored: the totals so far.
    case paged(pages: Int, new: Int)
    /// Waiting for a server's rate limit to reset before the next request.
    case waiting(RateWait)
    /// A request failed transiently and is retried after `delay`.
    case retrying(attempt: Int, of: Int, reason: String, delay: Duration)
    /// Media files done (stored, failed or left) out of `total`, and the bytes stored.
    case media(done: Int, total: Int, bytes: Int64)
    /// This timeline is done (its summary line follows at the end).
    case finished
}

/// A pause for a server's rate limit.
public struct RateWait: Sendable, Hashable {
    /// The server's host (and port).
    public var server: String
    /// When the wait ends.
    public var until: Date
    /// Requests the server still allows in this window (kept for the user's other apps); nil after a 429.
    public var remaining: Int?
    /// The server answered 429 Too Many Requests (rather than Icebox stopping short of the limit).
    public var tooManyRequests: Bool
}
