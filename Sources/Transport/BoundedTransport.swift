import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests through a delegate-driven URLSession so that every transfer is bounded (see
/// ``RequestLimits``): the one bounded transfer of Icebox, used by the API client (answers kept in
/// memory, see ``BodyCollector``) and by the media downloader (files written and hashed as they come).
/// What happens to the bytes is the ``TransferReceiver``'s; the bounds and the once-only outcome are here.
///
/// Why a delegate and not `session.data(for:)`: on Linux (FoundationNetworking) a task created with
/// a completion handler follows redirects without asking any delegate, keeping the `Authorization`
/// header, and collects the whole body in memory. A data delegate sees each redirect and each piece
/// of the body, so it can refuse the one and stop the other at the bound.
///
/// Why uncompressed answers only (`Accept-Encoding: identity`; a compressed one is refused at its
/// headers), and never decoded: FoundationNetworking asks libcurl to decode every answer and hands each
/// decoded piece to the delegate queue without back-pressure (it cannot pause a transfer), so a small
/// compressed answer would expand to gigabytes in memory while the delegate queue waits for a processor,
/// before the bound could stop it. CLazyCurl turns that decoding off (see `curl.c`): a compressed answer
/// arrives as its wire bytes and is refused at its headers, so what memory holds follows the wire, not
/// the compression ratio, however the process is scheduled. Pages cost more bytes on the wire.
public final class BoundedTransport: Sendable {
    /// Whether URLSession follows redirects.
    public enum Redirects: Sendable, Hashable {
        /// Never: a 3xx is the answer, and the caller decides (an API token belongs to one origin, see
        /// ``RedirectPolicy``).
        case answered
        /// Up to this many per request, each target first shown to the receiver
        /// (``TransferReceiver/redirect(to:)``); one more ends it with ``TransferLimit/tooManyRedirects``.
        case followed(max: Int)
    }

    private let session: URLSession
    private let delegate: TransportDelegate
    /// The headers every request of the session carries, for an ``ExchangeObserver``.
    private let sessionHeaders: [String: String]
    /// The bounds of every transfer.
    public let limits: RequestLimits
    /// Whether redirects are followed.
    public let redirects: Redirects

    /// A session whose requests carry `headers` (and `Accept-Encoding: identity`), keep within `limits`,
    /// and open at most `connectionsPerHost` connections to one host (URLSession's default when nil).
    public init(
        limits: RequestLimits, headers: [String: String], redirects: Redirects = .answered,
        connectionsPerHost: Int? = nil
    ) {
        self.limits = limits
        self.redirects = redirects
        let configuration = EphemeralSessions.configuration()
        configuration.timeoutIntervalForRequest = limits.idleTimeout
        configuration.timeoutIntervalForResource = limits.deadline
        sessionHeaders = headers.merging(["Accept-Encoding": "identity"]) { $1 }
        configuration.httpAdditionalHeaders = sessionHeaders
        if let connectionsPerHost { configuration.httpMaximumConnectionsPerHost = connectionsPerHost }
        delegate = TransportDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends one request and hands its answer to `receiver` as it arrives, within the limits; returns
    /// what the receiver made of it.
    ///
    /// The outcome is delivered once, by whichever comes first: the delegate's completion, the deadline
    /// timer or the task's cancellation. Each of them may fire before the others, and before this call
    /// waits (a task cancelled before it starts is cancelled at once), and none of them is lost.
    public func send<Receiver: TransferReceiver>(_ request: URLRequest, to receiver: Receiver)
        async
        throws(Receiver.Failure) -> Receiver.Output
    {
        let recording = Self.observer.map {
            ExchangeRecording(observer: $0, request: request, sessionHeaders: sessionHeaders)
        }
        let transfer = BoundedTransfer(receiver: receiver, limits: limits, redirects: redirects, recording: recording)
        guard !Task.isCancelled else {
            transfer.halt(.cancelled)
            return try await transfer.outcome.value().get()
        }
        let task = session.dataTask(with: request)
        delegate.register(transfer, for: task)
        defer { delegate.forget(task) }
        // A dispatch timer, not a sleeping Task: it fires even when the cooperative pool is busy. A
        // timer source, not `asyncAfter`: cancelled when the request ends, it is gone with its handler
        // at once, where a cancelled work item stays queued until its time comes. Nothing of a request
        // outlives it: a timer holding the transfer until the deadline (120 s) held its outcome, so a
        // sync kept every page body it read (issue #30), and a media fetch its downloader. The handler
        // holds both weakly all the same: the timer owes the transfer nothing once it has ended.
        let deadline = limits.deadline
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak transfer, weak task] in
            transfer?.halt(.limit(.deadline(deadline)))
            task?.cancel()
        }
        timer.schedule(deadline: .now() + deadline)
        timer.resume()
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            task.resume()
            return await transfer.outcome.value()
        } onCancel: {
            transfer.halt(.cancelled)
            task.cancel()
        }
        return try result.get()
    }

    /// Sends one request and returns its answer (a 3xx included, unless redirects are followed) with
    /// the body kept in memory.
    public func send(_ request: URLRequest) async throws(TransferFailure) -> (HTTPURLResponse, Data) {
        try await send(request, to: BodyCollector())
    }
}
