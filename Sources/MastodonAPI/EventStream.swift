import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an event stream ended or could not be opened.
public enum EventStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered the request with this status instead of a stream (a 3xx is never followed).
    case refused(status: Int)
    /// No byte, not even a heartbeat, for this long: the connection is taken for dead.
    case idle(seconds: TimeInterval)
    /// More events waited than the reader takes; the stream is given up (a catch-up reads the rest).
    case overflow(limit: Int)
    /// The stream broke the parser's bounds.
    case malformed(String)
    /// The connection failed or ended.
    case transport(String)

    public var description: String {
        switch self {
        case .refused(let status): "the server answered HTTP \(status) instead of a stream"
        case .idle(let seconds): "no byte for \(Int(seconds)) s (heartbeats included): the connection is taken for dead"
        case .overflow(let limit): "more than \(limit) events waited to be archived"
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

/// One open stream of server-sent events, read as its bytes arrive (a data delegate: FoundationNetworking
/// has no `URLSession.bytes`), within bounds: line and event sizes (``ServerSentEventParser``), events
/// waiting to be read (`maxPending`), and an idle timeout that heartbeats keep from firing.
public final class EventStream: Sendable {
    /// The events, in order; ends with the connection (throwing why, unless closed).
    public let events: AsyncThrowingStream<ServerEvent, any Error>
    private let session: URLSession
    private let task: URLSessionDataTask
    private let timer: TimerBox

    /// Connects and waits for the server's answer: throws ``EventStreamError/refused(status:)`` unless
    /// it is a 200 stream. `token` goes in the `Authorization` header of this one request.
    public static func open(_ url: URL, token: String?, userAgent: String, idleTimeout: TimeInterval,
                            maxPending: Int = 10_000) async throws(EventStreamError) -> EventStream {
        let configuration = EphemeralSessions.configuration()
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = 366 * 86_400
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        let reader = StreamReader(maxPending: maxPending)
        let delegate = StreamDelegate(reader: reader)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        var request = URLRequest(url: url)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let task = session.dataTask(with: request)
        // A dispatch timer, not a sleeping Task: it fires even when the cooperative pool is busy.
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + idleTimeout / 4, repeating: max(idleTimeout / 4, 0.05))
        timer.setEventHandler {
            if reader.idleFor() > idleTimeout {
                reader.fail(.idle(seconds: idleTimeout))
                task.cancel()
            }
        }
        timer.resume()
        let status: Int = await withCheckedContinuation { continuation in
            reader.connected = continuation
            task.resume()
        }
        guard status == 200 else {
            timer.cancel()
            task.cancel()
            session.invalidateAndCancel()
            if status < 0 { throw reader.failure ?? .transport("the connection failed") }
            throw .refused(status: status)
        }
        return EventStream(events: reader.events, session: session, task: task, timer: TimerBox(timer))
    }

    private init(events: AsyncThrowingStream<ServerEvent, any Error>, session: URLSession, task: URLSessionDataTask,
                 timer: TimerBox) {
        self.events = events
        self.session = session
        self.task = task
        self.timer = timer
    }

    /// Ends the stream (its events end without an error).
    public func close() {
        timer.timer.cancel()
        task.cancel()
        session.invalidateAndCancel()
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
    private var lastActivity = ContinuousClock.now
    private let continuation: AsyncThrowingStream<ServerEvent, any Error>.Continuation
    private let maxPending: Int
    let events: AsyncThrowingStream<ServerEvent, any Error>
    var connected: CheckedContinuation<Int, Never>?
    private(set) var failure: EventStreamError?

    init(maxPending: Int) {
        self.maxPending = maxPending
        (events, continuation) = AsyncThrowingStream.makeStream(bufferingPolicy: .bufferingOldest(maxPending))
    }

    func idleFor() -> TimeInterval { lock.withLock { (ContinuousClock.now - lastActivity).seconds } }

    /// The answer's status (-1: none), once.
    func answer(_ status: Int) {
        let waiting = lock.withLock { () -> CheckedContinuation<Int, Never>? in
            defer { connected = nil }
            lastActivity = .now
            return connected
        }
        waiting?.resume(returning: status)
    }

    /// Bytes arrived; false when the stream must stop.
    func receive(_ data: Data) -> Bool {
        lock.withLock {
            lastActivity = .now
            do {
                for event in try parser.feed(data) {
                    if case .dropped = continuation.yield(event) {
                        failLocked(.overflow(limit: maxPending))
                        return false
                    }
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
            if let error, (error as? URLError)?.code != .cancelled {
                failLocked(.transport(error.localizedDescription))
            } else if error == nil {
                failLocked(.transport("the server closed the stream"))
            } else {
                continuation.finish()
            }
        }
    }
}

/// The session's delegate for one stream: never follows a redirect, refuses compressed answers.
final class StreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let reader: StreamReader

    init(reader: StreamReader) { self.reader = reader }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        let status = encoding == "identity" || encoding.isEmpty ? (http?.statusCode ?? -1) : 415
        reader.answer(status)
        if status != 200 { dataTask.cancel() }
        completionHandler(status == 200 ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if !reader.receive(data) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        reader.finish(error)
    }
}
