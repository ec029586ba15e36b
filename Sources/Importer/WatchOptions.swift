import Foundation

/// Settings of `icebox watch`.
public struct WatchOptions: Sendable {
    /// How often a timeline without a stream (bookmarks, favourites, own), or on a server
    /// that has no streaming or refuses it, is caught up by REST instead.
    public var pollInterval: Duration = .seconds(300)
    /// No byte for this long, heartbeats included, and a stream is taken for dead (Mastodon's streaming
    /// server keeps a quiet connection alive with `:thump` comments).
    public var idleTimeout: TimeInterval = 90
    /// Reconnects back off from this delay, doubling up to `maxBackoff`, with jitter.
    public var minBackoff: Duration = .seconds(1)
    public var maxBackoff: Duration = .seconds(120)
    /// Events stored per transaction at most, and the longest an event waits for its batch.
    public var batchSize = 200
    public var batchDelay: Duration = .milliseconds(250)
    /// Events waiting to be stored, at most (bounded memory); past it the stream is dropped and a
    /// REST catch-up reads what it would have said.
    public var maxPending = 5_000
    /// The archive's `sync.lock`, taken per write batch and per catch-up (nil: a shared store).
    public var lockPath: URL?

    public init() {}
}
