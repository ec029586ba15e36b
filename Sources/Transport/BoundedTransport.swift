import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests through libcurl's easy interface (``EasyExchange``) so that every transfer is bounded
/// (see ``RequestLimits``): the one bounded transfer of Icebox, used by the API client (answers kept in
/// memory, see ``BodyCollector``) and by the media downloader (files written and hashed as they come).
/// What happens to the bytes is the ``TransferReceiver``'s; the bounds and the once-only outcome are here.
///
/// Each redirect is seen before it is followed, and only when the transport follows redirects at all:
/// an API token belongs to one origin (``RedirectPolicy``), and a followed redirect to another origin
/// drops the `Authorization` and `Cookie` headers.
///
/// Why uncompressed answers only (`Accept-Encoding: identity`; a compressed one is refused at its
/// headers), and never decoded: what memory holds must follow the wire, not a compression ratio. libcurl
/// is never asked to decode (no CURLOPT_ACCEPT_ENCODING), so a compressed answer arrives as its wire
/// bytes and is refused at its headers. Pages cost more bytes on the wire.
public final class BoundedTransport: Sendable {
    /// Whether redirects are followed.
    public enum Redirects: Sendable, Hashable {
        /// Never: a 3xx is the answer, and the caller decides (an API token belongs to one origin, see
        /// ``RedirectPolicy``).
        case answered
        /// Up to this many per request, each target first shown to the receiver
        /// (``TransferReceiver/redirect(to:)``); one more ends it with ``TransferLimit/tooManyRedirects``.
        case followed(max: Int)
    }

    /// Its libcurl handles and the threads its requests run on.
    let handles: EasyHandles
    /// Checks every socket before it connects (see ``AddressPolicy``); nil: any address.
    private let gate: SocketGate?
    /// The headers every request of the session carries, for an ``ExchangeObserver``.
    private let sessionHeaders: [String: String]
    /// The bounds of every transfer.
    public let limits: RequestLimits
    /// Whether redirects are followed.
    public let redirects: Redirects

    /// A transport whose requests carry `headers` (and `Accept-Encoding: identity`), keep within `limits`,
    /// of which at most `connectionsPerHost` run at once (6 when nil), and, given `addresses`, whose every
    /// connection goes only where that policy allows, checked on the socket.
    public init(
        limits: RequestLimits, headers: [String: String], redirects: Redirects = .answered,
        connectionsPerHost: Int? = nil, addresses: AddressPolicy? = nil
    ) {
        self.limits = limits
        gate = addresses.map { SocketGate(policy: $0) }
        self.redirects = redirects
        sessionHeaders = headers.merging(["Accept-Encoding": "identity"]) { $1 }
        handles = EasyHandles(most: connectionsPerHost ?? 6)
    }

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
        let exchange = EasyExchange(
            control: transfer, request: easyRequest(request), limits: limits, gate: gate)
        // A dispatch timer, not a sleeping Task: it fires even when the cooperative pool is busy. A
        // timer source, not `asyncAfter`: cancelled when the request ends, it is gone with its handler
        // at once, where a cancelled work item stays queued until its time comes. Nothing of a request
        // outlives it: a timer holding the transfer until the deadline (120 s) held its outcome, so a
        // sync kept every page body it read (issue #30), and a media fetch its downloader. The handler
        // holds both weakly all the same: the timer owes the transfer nothing once it has ended.
        let deadline = limits.deadline
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak transfer, weak exchange] in
            transfer?.halt(.limit(.deadline(deadline)))
            exchange?.halt()
        }
        timer.schedule(deadline: .now() + deadline)
        timer.resume()
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            handles.run(exchange)
            return await transfer.outcome.value()
        } onCancel: {
            transfer.halt(.cancelled)
            exchange.halt()
        }
        return try result.get()
    }

    /// `request` with the session's headers.
    private func easyRequest(_ request: URLRequest) -> EasyExchange.Request {
        EasyExchange.Request(
            url: request.url ?? URL(fileURLWithPath: "/"), method: request.httpMethod ?? "GET",
            headers: Self.headers(of: request, session: sessionHeaders), body: request.httpBody)
    }

    /// The headers `request` is sent with: the session's and its own, its own winning over a session
    /// header of the same name in any case; by name.
    static func headers(of request: URLRequest, session: [String: String]) -> [(name: String, value: String)] {
        var headers = session
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headers = headers.filter { $0.key.caseInsensitiveCompare(name) != .orderedSame }
            headers[name] = value
        }
        return headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { (name: $0.key, value: $0.value) }
    }

    /// Sends one request and returns its answer (a 3xx included, unless redirects are followed) with
    /// the body kept in memory.
    public func send(_ request: URLRequest) async throws(TransferFailure) -> (HTTPURLResponse, Data) {
        try await send(request, to: BodyCollector())
    }
}
