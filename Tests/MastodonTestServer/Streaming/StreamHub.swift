import Foundation

/// Which statuses a stream carries, as Mastodon's streaming server names its streams.
enum StreamKind: Sendable, Hashable {
    /// `user`: the viewer's home (and the deletions and edits of what it holds).
    case user(viewer: Int)
    /// `public`, `public:local`, `public:remote`.
    case publicFeed(local: Bool, remote: Bool)
    /// `hashtag`, `hashtag:local`.
    case hashtag(String, local: Bool)
    /// `list`, for its owner.
    case list(String, viewer: Int)
}

/// One open event stream.
struct StreamSubscriber: Sendable {
    var kind: StreamKind
    var viewer: Int?
    var continuation: AsyncStream<Data>.Continuation
}

/// The open streams of the test server, and the faults injected into them.
struct StreamHub: Sendable {
    var subscribers: [UUID: StreamSubscriber] = [:]
    /// While set, nothing (events nor heartbeats) is written to any stream: a dead connection.
    var stalled = false
    /// Streams opened since start (a reconnecting client opens more).
    var opened = 0

    /// `event: name\ndata: payload\n\n`; `data` must be one line (JSON is written on one).
    static func event(_ name: String, _ payload: String) -> Data {
        Data("event: \(name)\ndata: \(payload)\n\n".utf8)
    }

    /// Writes to every open stream that `wants` (nothing while stalled).
    func send(_ wants: (StreamSubscriber) -> Data?) {
        guard !stalled else { return }
        for subscriber in subscribers.values {
            if let data = wants(subscriber) { subscriber.continuation.yield(data) }
        }
    }

    /// Closes every stream: the clients see their connection end.
    mutating func dropAll() {
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers.removeAll()
    }
}
