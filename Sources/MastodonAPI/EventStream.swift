import Foundation
import Models
import NIOCore
import NIOFoundationCompat
import NIOPosix
import NIOSSL
import Transport

/// Why an event stream ended or could not be opened.
public enum EventStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered the request with this status instead of a stream (a 3xx is never followed).
    case refused(status: Int)
    /// No byte, not even a heartbeat, for this long: the connection is taken for dead.
    case idle(seconds: TimeInterval)
    /// More bytes of events waited than the reader takes (`limit` bytes); the stream is given up (a
    /// catch-up reads the rest).
    case overflow(limit: Int)
    /// The stream broke the parser's bounds.
    case malformed(String)
    /// The connection failed or ended.
    case transport(String)

    public var description: String {
        switch self {
        case .refused(let status): "the server answered HTTP \(status) instead of a stream"
        case .idle(let seconds): "no byte for \(Int(seconds)) s (heartbeats included): the connection is taken for dead"
        case .overflow(let limit): "more than \(limit) bytes of events waited to be archived"
        case .malformed(let reason): reason
        case .transport(let message): message
        }
    }

    /// Whether the server refuses streaming (no stream API, or not for this client): poll instead.
    public var isRefusal: Bool {
        guard case .refused(let status) = self else { return false }
        return [400, 401, 403, 404, 405, 410, 422, 501].contains(status)
    }
}

/// One open stream of server-sent events, read as its bytes arrive, within bounds: line and event sizes
/// (``ServerSentEventParser``), the bytes of events waiting to be read (`maxPendingBytes`: past it the
/// stream fails with ``EventStreamError/overflow(limit:)``, however small or large the events), and an
/// idle timeout that heartbeats keep from firing.
///
/// Nothing is ever decoded: the request asks for `identity` and an answer with a `Content-Encoding` is
/// refused at its headers, so the bytes held follow the bytes that came on the wire.
///
/// On NIO rather than URLSession: FoundationNetworking keeps a write source armed on a socket whose
/// response stays open, and spins a core for as long as the stream lasts. The request is written by
/// hand (GET, no body, `Connection: close`); the answer is read by ``HTTPResponseReader`` (a redirect is
/// an answer like any other, never followed); TLS is NIOSSL's, verifying the certificate and host name.
public final class EventStream: Sendable {
    /// The events, in order; ends with the connection (throwing why, unless closed).
    public let events: Events
    private let channel: any Channel
    private let timer: TimerBox

    /// Connects and waits for the server's answer: throws ``EventStreamError/refused(status:)`` unless
    /// it is a 200 stream. `token` goes in the `Authorization` header of this one request.
    public static func open(
        _ url: URL, token: String?, userAgent: String, idleTimeout: TimeInterval,
        maxPendingBytes: Int = EventStream.defaultMaxPendingBytes
    ) async throws(EventStreamError)
        -> EventStream
    {
        guard let host = url.host, let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .transport("\(url) is not an http(s) URL")
        }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let reader = StreamReader(maxPendingBytes: maxPendingBytes)
        let channel: any Channel
        do {
            let tls = scheme == "https" ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
            let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.milliseconds(Int64(max(idleTimeout, 1) * 1000)))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls {
                            try channel.pipeline.syncOperations.addHandler(
                                NIOSSLClientHandler(context: tls, serverHostname: host))
                        }
                        try channel.pipeline.syncOperations.addHandler(StreamChannelHandler(reader: reader))
                    }
                }
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            throw .transport("cannot connect to \(host):\(port): \(error)")
        }
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        var head =
            "GET \(path) HTTP/1.1\r\nHost: \(url.port.map { "\(host):\($0)" } ?? host)\r\n"
            + "Accept: text/event-stream\r\nAccept-Encoding: identity\r\nUser-Agent: \(userAgent)\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        head += "\r\n"
        // A dispatch timer, not a sleeping Task: it fires even when the cooperative pool is busy.
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + idleTimeout / 4, repeating: max(idleTimeout / 4, 0.05))
        timer.setEventHandler {
            if reader.idleFor() > idleTimeout {
                reader.fail(.idle(seconds: idleTimeout))
                channel.close(promise: nil)
            }
        }
        timer.resume()
        // The answer's status, or -1 when the connection ended first (it may end before this waits).
        let status: Int = await withTaskCancellationHandler {
            channel.writeAndFlush(ByteBuffer(string: head), promise: nil)
            return await reader.answered.value()
        } onCancel: {
            reader.answer(-1)
            channel.close(promise: nil)
        }
        guard status == 200 else {
            timer.cancel()
            channel.close(promise: nil)
            if status < 0 { throw reader.failure ?? .transport("the connection ended before an answer") }
            throw .refused(status: status)
        }
        return EventStream(
            events: Events(stream: reader.events, reader: reader, url: url), channel: channel,
            timer: TimerBox(timer))
    }

    /// The default bound on the bytes of events read but not yet taken: 16 MiB.
    public static let defaultMaxPendingBytes = 16 << 20

    private init(events: Events, channel: any Channel, timer: TimerBox) {
        self.events = events
        self.channel = channel
        self.timer = timer
    }

    /// Ends the stream (its events end without an error).
    public func close() {
        timer.timer.cancel()
        channel.close(promise: nil)
    }

    deinit { close() }
}

/// A dispatch timer, which is thread-safe though not marked Sendable.
final class TimerBox: @unchecked Sendable {
    let timer: any DispatchSourceTimer
    init(_ timer: any DispatchSourceTimer) { self.timer = timer }
}

/// The state of one stream, fed by the session's delegate queue.
final class StreamReader: @unchecked Sendable {
    private let lock = NSLock()
    private var parser = ServerSentEventParser()
    private var http = HTTPResponseReader()
    private var lastActivity = ContinuousClock.now
    private let continuation: AsyncThrowingStream<ServerEvent, any Error>.Continuation
    private let maxPendingBytes: Int
    /// Bytes of the events handed to the stream and not yet taken by its reader.
    private var pendingBytes = 0
    let events: AsyncThrowingStream<ServerEvent, any Error>
    /// The answer's status (-1: none), once.
    let answered = OneShot<Int>()
    private(set) var failure: EventStreamError?

    /// The buffer is bounded here, in bytes (``ServerEvent/cost``), not by the stream's count.
    init(maxPendingBytes: Int) {
        self.maxPendingBytes = maxPendingBytes
        (events, continuation) = AsyncThrowingStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// The reader took an event: its bytes no longer wait.
    func taken(_ event: ServerEvent) { lock.withLock { pendingBytes -= event.cost } }

    func idleFor() -> TimeInterval { lock.withLock { (ContinuousClock.now - lastActivity).seconds } }

    /// The answer's status (-1: none), once.
    func answer(_ status: Int) {
        lock.withLock { lastActivity = .now }
        answered.fulfil(status)
    }

    /// Bytes of the connection arrived (the answer's head, then its body); false when it must stop.
    func receiveRaw(_ bytes: Data) -> Bool {
        let progress: HTTPResponseReader.Progress
        do {
            progress = try lock.withLock { try http.feed(bytes) }
        } catch {
            fail(.malformed("\(error)"))
            answer(-1)
            return false
        }
        if let head = progress.head {
            let encoding = head.headers["content-encoding"]?.lowercased() ?? "identity"
            answer(encoding == "identity" || encoding.isEmpty ? head.status : 415)
            guard head.status == 200, encoding == "identity" || encoding.isEmpty else { return false }
        }
        return progress.body.isEmpty || receive(progress.body)
    }

    /// Body bytes arrived; false when the stream must stop.
    func receive(_ data: Data) -> Bool {

        lock.withLock {
            lastActivity = .now
            do {
                for event in try parser.feed(data) {
                    pendingBytes += event.cost
                    guard pendingBytes <= maxPendingBytes else {
                        failLocked(.overflow(limit: maxPendingBytes))
                        return false
                    }
                    continuation.yield(event)
                }
                return true
            } catch {
                failLocked(.malformed("\(error)"))
                return false
            }
        }
    }

    func fail(_ error: EventStreamError) { lock.withLock { failLocked(error) } }

    private func failLocked(_ error: EventStreamError) {
        if failure == nil { failure = error }
        continuation.finish(throwing: error)
    }

    /// The connection ended: with the first failure seen, the transport's error, or (closed) none.
    func finish(_ error: (any Error)?) {
        answer(-1)
        lock.withLock {
            if let failure { return continuation.finish(throwing: failure) }
            if let error {
                failLocked(.transport("\(error)"))
            } else {
                failLocked(.transport("the server closed the stream"))
            }
        }
    }
}

/// Hands a stream's bytes to its reader; never writes after the request.
final class StreamChannelHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let reader: StreamReader

    init(reader: StreamReader) { self.reader = reader }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        let bytes = buffer.readData(length: buffer.readableBytes) ?? Data()
        if !reader.receiveRaw(bytes) { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        reader.finish(nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        reader.fail(.transport("\(error)"))
        context.close(promise: nil)
    }
}
