import Foundation
import Models

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the libcurl exchange (``EasyExchange``) asks of a transfer in flight, whatever its receiver.
protocol TransferControl: AnyObject, Sendable {
    /// The status line and headers came, over a connection to `address` (its IP address as text, when
    /// known); false when the transfer must stop.
    func accept(_ response: URLResponse, from address: String?) -> Bool
    /// A piece of the body came; false when the transfer must stop.
    func append(_ data: Data) -> Bool
    /// A redirect to `target` is offered; true to follow it.
    func follow(_ target: URL?) -> Bool
    /// The task completed, with the connection's error if any.
    func finish(_ error: (any Error)?)
}

/// One request in flight: the bytes counted against the bounds, the first reason to stop, and the
/// outcome, delivered once. Every receiver call happens under `lock`, never after the outcome is made.
final class BoundedTransfer<Receiver: TransferReceiver>: TransferControl, @unchecked Sendable {
    private let receiver: Receiver
    private let limits: RequestLimits
    private let redirects: BoundedTransport.Redirects
    private let lock = NSLock()
    private let started = ContinuousClock.now
    private var bytes = 0
    private var redirectsFollowed = 0
    private var response: HTTPURLResponse?
    /// The first bound broken or refusal made; the transfer then ends with it, whatever comes after.
    private var stop: TransferEnd<Receiver.Failure>?
    private var finished = false
    /// What the task's ``ExchangeObserver`` is told when the transfer ends (`nil`: none is set).
    private var recording: ExchangeRecording?
    /// The transfer's outcome, once: the first of completion, deadline and cancellation.
    let outcome = OneShot<Result<Receiver.Output, Receiver.Failure>>()

    init(
        receiver: Receiver, limits: RequestLimits, redirects: BoundedTransport.Redirects,
        recording: ExchangeRecording? = nil
    ) {
        self.receiver = receiver
        self.limits = limits
        self.redirects = redirects
        self.recording = recording
    }

    /// Ends the transfer now with `reason` (the deadline, a cancellation) unless it was stopped already.
    func halt(_ reason: TransferEnd<Receiver.Failure>) {
        lock.withLock { if stop == nil { stop = reason } }
        finish(nil)
    }

    func accept(_ response: URLResponse, from address: String?) -> Bool {
        lock.withLock {
            guard stop == nil, !finished else { return false }
            guard let http = response as? HTTPURLResponse else {
                stop = .failed(URLError(.badServerResponse))
                return false
            }
            self.response = http
            recording?.received(http, from: address)
            if let refusal = receiver.receive(http) {
                stop = .refused(refusal)
                return false
            }
            let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
            if encoding != "identity", !encoding.isEmpty {
                stop = .limit(.compressed(encoding))
                return false
            }
            return true
        }
    }

    func append(_ data: Data) -> Bool {
        lock.withLock {
            guard stop == nil, !finished else { return false }
            guard bytes + data.count <= limits.maxBodyBytes else {
                stop = .limit(.tooLarge(limit: limits.maxBodyBytes))
                return false
            }
            bytes += data.count
            recording?.exchange.body.append(data)
            if let refusal = receiver.receive(data) {
                stop = .refused(refusal)
                return false
            }
            let elapsed = (ContinuousClock.now - started).seconds
            if limits.minimumRate > 0, elapsed > limits.rateGrace, Double(bytes) / elapsed < limits.minimumRate {
                stop = .limit(.tooSlow(bytesPerSecond: Double(bytes) / elapsed, minimum: limits.minimumRate))
                return false
            }
            return true
        }
    }

    func follow(_ target: URL?) -> Bool {
        lock.withLock {
            guard stop == nil, !finished, case .followed(let most) = redirects else { return false }
            redirectsFollowed += 1
            guard redirectsFollowed <= most else {
                stop = .limit(.tooManyRedirects)
                return false
            }
            guard let target else { return false }
            if let refusal = receiver.redirect(to: target) {
                stop = .refused(refusal)
                return false
            }
            return true
        }
    }

    /// Makes the outcome from the first reason to stop, `error`, or the answer; later calls change nothing.
    func finish(_ error: (any Error)?) {
        let result: Result<Receiver.Output, Receiver.Failure>? = lock.withLock {
            guard !finished else { return nil }
            finished = true
            let end: TransferEnd<Receiver.Failure>
            if let stop {
                end = stop
            } else if let error {
                end = .failed(error)
            } else if let response {
                end = .completed(response)
            } else {
                end = .failed(URLError(.badServerResponse))
            }
            recording?.ended(end)
            return receiver.finish(end)
        }
        if let result { outcome.fulfil(result) }
    }
}
