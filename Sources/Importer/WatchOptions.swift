import Foundation

/// Settings of `icebox watch`.
public struct WatchOptions: Sendable {
    /// How often a timeline without a stream (bookmarks, favourites, own), or on a server
    /// that has no streaming or refuses it, is caught up by REST instead.
    public var pollInterval: Duration = .seconds(300)
    /// No byte for this long, heartbeats included, and a stream is taken for dead (Mastodon's streaming
    /// server keeps a quiet connection alive with `:thump` comments).
    public var idleTimeout: TimeInterval = 90
    /// Reconnects back off from this delay, doubling up to `maxBackoff`, with jitter: a stream that ends
    /// (or whose catch-up fails) before it has stayed healthy for `healthyAfter` is a failure, and the
    /// waits grow; only a stream that stayed up that long starts again from `minBackoff`. So a server that
    /// closes every stream at once sees fewer and fewer opens and catch-ups, not one a second.
    public var minBackoff: Duration = .seconds(1)
    public var maxBackoff: Duration = .seconds(120)
    public var healthyAfter: Duration = .seconds(60)
    /// Events stored per transaction at most, and the longest an event waits for its batch.
    public var batchSize = 200
    public var batchDelay: Duration = .milliseconds(250)
    /// Bytes of events stored per transaction at most (an event larger than this is stored alone).
    public var batchBytes = 8 << 20
    /// Events waiting to be stored, at most, by count and by bytes (bounded memory, whatever size the
    /// events are); past either the stream is dropped and a REST catch-up reads what it would have said.
    public var maxPending = 5_000
    public var maxPendingBytes = 32 << 20
    /// Bytes of events a stream reads ahead of the watch, at most; past it the stream is dropped too.
    public var streamBufferBytes = 16 << 20
    /// The archive's `sync.lock`, taken per write batch and per catch-up (nil: a shared store).
    public var lockPath: URL?
    /// What the watch is doing, in words, as it happens (`home: streaming from …`, `home: 2 new`,
    /// `home: lost the stream (…); reconnecting in 4 s`): `icebox watch` shows it to a person at a
    /// terminal, who would otherwise see nothing until something failed. `nil`: said to nobody.
    public var activity: (@Sendable (String) -> Void)?
    /// Hears the line naming a timeline given up because its server refused the account's token, with
    /// the remedy (`home (alice@example.social): no longer watched — FAILED: … refused the access token …;
    /// run `icebox account add … --replace` …`): said whoever watches, a person or a service's journal.
    public var tokenRefused: (@Sendable (String) -> Void)?

    public init() {}
}
