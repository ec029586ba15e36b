import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request was given up before its answer was complete.
enum TransferLimit: Error, Sendable {
    /// The decoded body passed the cap.
    case tooLarge(limit: Int)
    /// The whole request took longer than its deadline.
    case deadline(TimeInterval)
    /// The body came slower than the minimum rate.
    case tooSlow(bytesPerSecond: Double, minimum: Double)
    /// A compressed body although none was asked for (see ``BoundedTransport``).
    case compressed(String)
    /// The connection failed.
    case transport(any Error)
}

/// Sends API requests through a delegate-driven URLSession so that every request is bounded (see
/// ``RequestLimits``) and no redirect is ever followed by URLSession itself: a 3xx comes back as the
/// answer, and ``MastodonClient`` decides (``RedirectPolicy``) whether to send the request again.
///
/// Why a delegate and not `session.data(for:)`: on Linux (FoundationNetworking) a task created with
/// a completion handler follows redirects without asking any delegate, keeping the `Authorization`
/// header, and collects the whole body in memory. A data delegate sees each redirect and each piece
/// of the body, so it can refuse the one and stop the other at the cap.
///
/// Why uncompressed answers only (`Accept-Encoding: identity`; a compressed one is refused at its
/// headers), and never decoded: FoundationNetworking asks libcurl to decode every answer and hands each
/// decoded piece to the delegate queue without back-pressure (it cannot pause a transfer), so a small
/// compressed answer would expand to gigabytes in memory while the delegate queue waits for a processor,
/// before the cap could stop it. CLazyCurl turns that decoding off (see `curl.c`): a compressed answer
/// arrives as its wire bytes and is refused at its headers, so what memory holds follows the wire, not
/// the compression ratio, however the process is scheduled. Pages cost more bytes on the wire.
final class BoundedTransport: Sendable {
    private let session: URLSession
    private let delegate: TransportDelegate
    let limits: RequestLimits

    init(limits: RequestLimits, headers: [String: String]) {
        self.limits = limits
        let configuration = EphemeralSessions.configuration()
        configuration.timeoutIntervalForRequest = limits.idleTimeout
        configuration.timeoutIntervalForResource = limits.deadline
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = headers.merging(["Accept-Encoding": "identity"]) { $1 }
        delegate = TransportDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends one request and returns its answer (a 3xx included) with the body, within the limits.
    ///
    /// The answer is delivered once, by whichever comes first: the delegate's completion, the deadline
    /// timer or the task's cancellation. Each of them may fire before the others, and before this call
    /// waits (a task cancelled before it starts is cancelled at once), and none of them is lost.
    func send(_ request: URLRequest) async throws(TransferLimit) -> (HTTPURLResponse, Data) {
        guard !Task.isCancelled else { throw .transport(URLError(.cancelled)) }
        let task = session.dataTask(with: request)
        let transfer = BoundedBody(limits: limits)
        delegate.register(transfer, for: task)
        defer { delegate.forget(task) }
        // A dispatch timer, not a sleeping Task: it fires even when the cooperative pool is busy.
        let deadline = limits.deadline
        let timer = DispatchWorkItem {
            transfer.expire(deadline)
            task.cancel()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timer)
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            task.resume()
            return await transfer.answer.value()
        } onCancel: {
            transfer.finish(URLError(.cancelled))
            task.cancel()
        }
        return try result.get()
    }
}

/// The body of one request as it arrives, and the first limit it broke.
final class BoundedBody: @unchecked Sendable {
    let limits: RequestLimits
    private let lock = NSLock()
    private let started = ContinuousClock.now
    private var body = Data()
    private var response: HTTPURLResponse?
    private var failure: TransferLimit?
    private var finished = false
    /// The transfer's outcome, once: the first of completion, deadline and cancellation.
    let answer = OneShot<Result<(HTTPURLResponse, Data), TransferLimit>>()

    init(limits: RequestLimits) { self.limits = limits }

    /// The deadline passed: the transfer ends with that reason, whatever comes after.
    func expire(_ seconds: TimeInterval) {
        lock.withLock { if failure == nil { failure = .deadline(seconds) } }
        finish(nil)
    }

    func accept(_ response: URLResponse) -> Bool {
        lock.withLock {
            let http = response as? HTTPURLResponse
            self.response = http
            let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
            if failure == nil, encoding != "identity", !encoding.isEmpty { failure = .compressed(encoding) }
            return failure == nil
        }
    }

    /// Keeps a piece of the body; false when the transfer must stop.
    func append(_ data: Data) -> Bool {
        lock.withLock {
            guard failure == nil else { return false }
            guard body.count + data.count <= limits.maxBodyBytes else {
                failure = .tooLarge(limit: limits.maxBodyBytes)
                body = Data()
                return false
            }
            body.append(data)
            let elapsed = (ContinuousClock.now - started).seconds
            if limits.minimumRate > 0, elapsed > limits.rateGrace, Double(body.count) / elapsed < limits.minimumRate {
                failure = .tooSlow(bytesPerSecond: Double(body.count) / elapsed, minimum: limits.minimumRate)
                return false
            }
            return true
        }
    }

    /// Ends the transfer with the first limit it broke, `error`, or its answer; later calls change nothing.
    func finish(_ error: (any Error)?) {
        let result: Result<(HTTPURLResponse, Data), TransferLimit>? = lock.withLock {
            guard !finished else { return nil }
            finished = true
            defer { body = Data() }
            if let failure { return .failure(failure) }
            if let error { return .failure(.transport(error)) }
            guard let response else { return .failure(.transport(URLError(.badServerResponse))) }
            return .success((response, body))
        }
        if let result { answer.fulfil(result) }
    }
}

/// The session's delegate: routes callbacks to each task's ``BoundedBody``; never follows a redirect.
final class TransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [Int: BoundedBody] = [:]

    func register(_ body: BoundedBody, for task: URLSessionTask) {
        lock.withLock { bodies[task.taskIdentifier] = body }
    }

    /// The request ended, answered or not: later callbacks of its task find nothing.
    func forget(_ task: URLSessionTask) {
        lock.withLock { bodies[task.taskIdentifier] = nil }
    }

    private func body(_ task: URLSessionTask) -> BoundedBody? {
        lock.withLock { bodies[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let keep = body(dataTask)?.accept(response) ?? false
        // FoundationNetworking keeps reading the body after a `.cancel` disposition: cancel the task too.
        if !keep { dataTask.cancel() }
        completionHandler(keep ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let body = body(dataTask) else { return dataTask.cancel() }
        if !body.append(data) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // The 3xx itself is the answer; the client decides whether the token may follow it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let body = lock.withLock({ bodies.removeValue(forKey: task.taskIdentifier) }) else { return }
        body.finish(error)
    }
}
