import Foundation

/// The test server's streaming API (server-sent events, as Mastodon's streaming server speaks them).
public struct StreamingConfig: Sendable, Equatable {
    /// Whether `/api/v1/streaming/*` answers and `/api/v2/instance` advertises a streaming origin.
    public var enabled = true
    /// Seconds between `:thump` heartbeats (Mastodon: 15).
    public var heartbeat: TimeInterval = 15
    /// Serve the streams on a second loopback port, advertised in `/api/v2/instance` as the streaming
    /// origin (as a server with `streaming.example.com` does); that port answers nothing else.
    public var separateOrigin = false

    public init() {}
}
