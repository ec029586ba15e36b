import Foundation

/// What asking for a stream came to.
enum StreamOpening: Sendable {
    case opened(UUID, AsyncStream<Data>)
    case refused(Reply)
}

/// Which stream a request asks for, or why it is refused.
private enum StreamChoice {
    case kind(StreamKind)
    case refused(Int, Reply)

    var status: Int {
        switch self {
        case .kind: 200
        case .refused(let status, _): status
        }
    }
}

/// `GET /api/v1/streaming/*`: server-sent events of updates, edits and deletions as they happen.
extension ServerState {
    /// Opens a stream for a request: the events' bytes, or the reply that refuses it. Logged like any
    /// request (`listener` says which port it came to).
    func openStream(_ req: APIRequest, listener: String) -> StreamOpening {
        let token = req.bearerToken ?? req.param("access_token")
        let choice = streamKind(req, token: token)
        log.append(
            LoggedRequest(
                method: req.method, path: req.path, query: req.query, hadToken: token != nil,
                status: choice.status, date: Date(), token: token, listener: listener))
        let kind: StreamKind
        switch choice {
        case .refused(_, let reply): return .refused(reply)
        case .kind(let chosen): kind = chosen
        }
        let id = UUID()
        let (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        streams.opened += 1
        continuation.yield(Data(":)\n".utf8))
        if config.hostile.streamsCloseAtOnce {
            continuation.finish()
            return .opened(id, stream)
        }
        streams.subscribers[id] = StreamSubscriber(kind: kind, viewer: viewerIndex(token), continuation: continuation)
        if let flood = config.hostile.streamFlood, let event = floodEvent(flood.eventBytes) {
            // One buffer shared by every copy: the server's memory stays at one event.
            for _ in 0..<flood.count { continuation.yield(event) }
        }
        return .opened(id, stream)
    }

    /// An `update` of the newest status, padded to about `bytes` with lines under 1 MiB.
    private func floodEvent(_ bytes: Int) -> Data? {
        guard let id = store.statuses.keys.max(by: { ($0.count, $0) < ($1.count, $1) }) else { return nil }
        var json = String(decoding: store.renderStatus(id, base: base, viewer: nil).data, as: UTF8.self)
        guard json.hasSuffix("}") else { return nil }
        json.removeLast()
        let line = 1_000_000
        let pieces = (0..<max(bytes / line, 1)).map { _ in "data: \"" + String(repeating: "x", count: line) + "\"" }
        let text = "event: update\ndata: \(json),\"padding\":[\n" + pieces.joined(separator: ",\n") + "]}\n\n"
        return Data(text.utf8)
    }

    func closeStream(_ id: UUID) {
        streams.subscribers.removeValue(forKey: id)?.continuation.finish()
    }

    private func viewerIndex(_ token: String?) -> Int? { token.flatMap { tokens[$0] } }

    private func streamKind(_ req: APIRequest, token: String?) -> StreamChoice {
        guard config.streaming.enabled, req.method == "GET" else { return .refused(404, .notFound) }
        if token != nil, viewerIndex(token) == nil { return .refused(401, .invalidToken) }
        let viewer = viewerIndex(token)
        let access = config.timelinesAccess
        let missingToken = StreamChoice.refused(401, .error(401, "Missing access token"))
        func open(_ kind: StreamKind, _ feed: FeedAccess) -> StreamChoice {
            switch feed {
            case .public: return .kind(kind)
            case .authenticated where viewer != nil: return .kind(kind)
            case .authenticated: return missingToken
            case .disabled: return .refused(403, .error(403, "This stream is not available"))
            }
        }
        switch Array(req.segments.dropFirst(3)) {
        case ["user"]:
            guard let viewer else { return missingToken }
            return .kind(.user(viewer: viewer))
        case ["public"]: return open(.publicFeed(local: false, remote: false), access.liveFeedsRemote)
        case ["public", "local"]: return open(.publicFeed(local: true, remote: false), access.liveFeedsLocal)
        case ["public", "remote"]: return open(.publicFeed(local: false, remote: true), access.liveFeedsRemote)
        case ["hashtag"], ["hashtag", "local"]:
            guard let tag = req.param("tag"), !tag.isEmpty else { return .refused(400, .error(400, "Missing tag")) }
            let local = req.segments.last == "local"
            return open(
                .hashtag(tag.lowercased(), local: local), local ? access.hashtagFeedsLocal : access.hashtagFeedsRemote)
        case ["list"]:
            guard let viewer else { return missingToken }
            guard let id = req.param("list"), store.lists[id]?.owner == viewer else { return .refused(404, .notFound) }
            return .kind(.list(id, viewer: viewer))
        default:
            return .refused(404, .notFound)
        }
    }

    /// Whether a stream of `kind` carries the status.
    private func carries(_ kind: StreamKind, _ status: StatusRecord) -> Bool {
        switch kind {
        case .user(let viewer): store.inHome(status, viewer: viewer)
        case .publicFeed(let local, let remote):
            store.inPublic(status, FeedFilter(localOnly: local, remoteOnly: remote))
        case .hashtag(let tag, let local): store.inTag(status, tag, FeedFilter(localOnly: local))
        case .list(let id, _): store.lists[id].map { store.inList(status, $0) } ?? false
        }
    }

    /// `update` events for new statuses, to the streams that carry them, and on the `user` stream of
    /// each local account a status mentions, its `notification` event.
    func publishUpdates(_ ids: [String]) {
        for id in ids {
            publish("update", id)
            publishMentions(id)
        }
    }

    private func publishMentions(_ id: String) {
        streams.send { subscriber in
            guard case .user(let viewer) = subscriber.kind,
                let row = store.notifications[viewer]?.last(where: { $0.statusID == id && $0.type == "mention" }),
                let json = store.renderNotification(row, base: base, viewer: viewer)
            else { return nil }
            return StreamHub.event("notification", String(decoding: json.data, as: UTF8.self))
        }
    }

    /// A `status.update` event for an edited status.
    func publishEdit(_ id: String) { publish("status.update", id) }

    private func publish(_ event: String, _ id: String) {
        guard let status = store.statuses[id] else { return }
        streams.send { subscriber in
            guard carries(subscriber.kind, status), store.canSee(status, viewer: subscriber.viewer) else { return nil }
            let json = String(
                decoding: store.renderStatus(id, base: base, viewer: subscriber.viewer).data, as: UTF8.self)
            return StreamHub.event(event, json)
        }
    }

    /// `delete` events (the bare id) to every stream, as Mastodon sends them to whoever may have the status.
    func publishDeletes(_ ids: [String]) {
        for id in ids { streams.send { _ in StreamHub.event("delete", id) } }
    }

    /// A heartbeat comment on every stream (nothing while stalled).
    func heartbeat() { streams.send { _ in Data(":thump\n".utf8) } }

    func dropStreams() { streams.dropAll() }

    func setStreamsStalled(_ stalled: Bool) { streams.stalled = stalled }

    /// Writes raw bytes to every open stream (garbage, oversized lines: what a broken server sends).
    func sendToStreams(_ bytes: Data) {
        for subscriber in streams.subscribers.values { subscriber.continuation.yield(bytes) }
    }

    var openStreamCount: Int { streams.subscribers.count }
    var streamsOpened: Int { streams.opened }
}
