import Foundation

/// Behaviours of a hostile server, off by default, for testing that a client bounds what a server
/// can make it do. API modes apply to `/api/` requests; media ones live under `/media/hostile/`:
///
/// - `/media/hostile/bomb/BYTES/NAME`: a PNG signature then zeros, BYTES decoded in all, sent gzip-encoded
///   (`Content-Encoding: gzip`, made while sent; see ``GzipBomb``).
/// - `/media/hostile/trickle/NAME`: a small PNG sent one byte per second.
/// - `/media/hostile/redirect/NAME?to=URL`: a 302 to URL (anywhere: another host, loopback, a private address).
/// - `/media/hostile/redirect-body/NAME?to=URL`: a 302 to URL whose body, 4 MiB, comes 16 KiB every quarter
///   of a second (a minute in all): a client that reads a redirect's body to its end waits for it.
public struct HostileModes: Sendable, Equatable {
    /// Every `/api/` request answers `redirectStatus` with `Location: <redirectAPITo><path>?<query>`,
    /// the query gaining `redirected=1`; a request that carries it is answered normally (so a redirect
    /// to the server itself is followed once).
    public var redirectAPITo: String?
    /// The status of those redirects (301, 302, 303, 307 or 308).
    public var redirectStatus = 302
    /// `/api/` answers send their headers, then their body one byte every this many seconds.
    public var trickleAPISeconds: Double?
    /// `/api/` answers are a gzip stream that decodes to this many bytes (`[` then spaces).
    public var gzipBombAPIBytes: Int64?
    /// How catch-up pages (requests with `min_id`) misbehave.
    public var catchUp: CatchUpMode?
    /// Backfill pages (requests with `max_id`) link to the same `max_id` as `next`: a cursor that never moves.
    public var stuckBackfill = false
    /// Every `/api/` request answers 429 with `Retry-After: <seconds>` and no `X-RateLimit-*` headers.
    public var tooManyRequestsRetryAfter: Int?
    /// Every stream opened ends at once, after its first comment: a streaming server that keeps failing.
    public var streamsCloseAtOnce = false
    /// Every stream opened first writes this many large `update` events (see ``StreamFlood``).
    public var streamFlood: StreamFlood?
    /// Every `/api/` answer echoes the request's `Authorization` back, as a debugging proxy might: in an
    /// `X-Echo-Authorization` header and, in a JSON object, an `echo_authorization` field.
    public var echoAuthorization = false

    /// Large events a stream writes as soon as it opens: the newest status, its JSON padded to about
    /// `eventBytes` with a `padding` array of strings on their own `data:` lines (each under 1 MiB,
    /// so a line-bounded parser takes them), written `count` times.
    public struct StreamFlood: Sendable, Equatable {
        public var eventBytes: Int
        public var count: Int

        public init(eventBytes: Int, count: Int) {
            self.eventBytes = eventBytes
            self.count = count
        }
    }

    /// Catch-up cursors that never end.
    public enum CatchUpMode: Sendable, Equatable {
        /// The `prev` cursor alternates between two ids, A, B, A, B…
        case alternating
        /// There is always a newer page: `prev` moves up by 1000 on every request.
        case endless
    }

    /// None: an ordinary server.
    public init() {}
}

extension ServerState {
    /// The reply of a hostile API mode for this request, or nil when none applies.
    func hostileAPI(_ req: APIRequest, token: String?) -> (Reply, FaultDecision)? {
        let modes = config.hostile
        guard req.path.hasPrefix("/api/") else { return nil }
        if let seconds = modes.tooManyRequestsRetryAfter {
            var reply = Reply.error(429, "Too many requests")
            reply.setHeader("Retry-After", "\(seconds)")
            return (reply, .none)
        }
        if let target = modes.redirectAPITo, !req.query.contains(where: { $0.name == "redirected" }) {
            let query = (req.query + [QueryPair(name: "redirected", value: "1")])
                .map { "\(Pager.encode($0.name))=\(Pager.encode($0.value))" }.joined(separator: "&")
            let location = "\(target)\(req.rawPath)?\(query)"
            return (
                Reply(
                    status: modes.redirectStatus, contentType: "application/json", body: Data("[]".utf8),
                    headers: [("Location", location)]), .none
            )
        }
        if let size = modes.gzipBombAPIBytes {
            let bomb = GzipBomb(prefix: Array("[ ".utf8), decodedSize: size)
            return (
                Reply(status: 200, contentType: Reply.jsonType, body: Data(), headers: [("Content-Encoding", "gzip")]),
                .stream(bomb)
            )
        }
        if let mode = modes.catchUp, let minID = req.query.first(where: { $0.name == "min_id" })?.value,
            req.path.hasPrefix("/api/v1/timelines/")
        {
            var newest = req
            newest.query.removeAll { $0.name == "min_id" }
            var reply = route(newest, token: token)
            let next: String
            switch mode {
            case .alternating: next = minID == "999999999999999001" ? "999999999999999002" : "999999999999999001"
            case .endless: next = String((UInt64(minID) ?? 0) &+ 1000)
            }
            reply.setHeader("Link", "<\(base)\(req.rawPath)?min_id=\(next)>; rel=\"prev\"")
            return (reply, .none)
        }
        if modes.stuckBackfill, let maxID = req.query.first(where: { $0.name == "max_id" })?.value,
            req.path.hasPrefix("/api/v1/timelines/")
        {
            var reply = route(req, token: token)
            reply.setHeader("Link", "<\(base)\(req.rawPath)?max_id=\(maxID)>; rel=\"next\"")
            return (reply, .none)
        }
        if modes.echoAuthorization, let token {
            var reply = route(req, token: token)
            reply.setHeader("X-Echo-Authorization", "Bearer \(token)")
            if reply.body.first == UInt8(ascii: "{") {
                let rest = reply.body.dropFirst()
                let field = #"{"echo_authorization":"Bearer \#(token)""# + (rest.first == UInt8(ascii: "}") ? "" : ",")
                reply.body = Data(field.utf8) + rest
            }
            return (reply, .none)
        }
        if let seconds = modes.trickleAPISeconds {
            return (route(req, token: token), .slow(chunk: 1, seconds: seconds))
        }
        return nil
    }

    /// The reply for a `/media/hostile/…` path, or nil for another path.
    func hostileMedia(_ req: APIRequest) -> (Reply, FaultDecision)? {
        let s = req.segments
        guard s.count >= 4, s[0] == "media", s[1] == "hostile" else { return nil }
        switch (s[2], s.count) {
        case ("bomb", 5):
            guard let size = Int64(s[3]), size > 8 else { return (.notFound, .none) }
            let bomb = GzipBomb(prefix: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], decodedSize: size)
            return (
                Reply(status: 200, contentType: "image/png", body: Data(), headers: [("Content-Encoding", "gzip")]),
                .stream(bomb)
            )
        case ("trickle", 4):
            return (
                Reply(status: 200, contentType: "image/png", body: PNG.make(width: 64, height: 64, seed: 11)),
                .slow(chunk: 1, seconds: 1)
            )
        case ("redirect", 4):
            guard let target = req.query.first(where: { $0.name == "to" })?.value else { return (.notFound, .none) }
            return (Reply(status: 302, contentType: "text/plain", body: Data(), headers: [("Location", target)]), .none)
        case ("redirect-body", 4):
            guard let target = req.query.first(where: { $0.name == "to" })?.value else { return (.notFound, .none) }
            let body = Data(repeating: UInt8(ascii: "r"), count: 4 << 20)
            return (
                Reply(status: 302, contentType: "text/plain", body: body, headers: [("Location", target)]),
                .slow(chunk: 16 << 10, seconds: 0.25)
            )
        default:
            return (.notFound, .none)
        }
    }
}
