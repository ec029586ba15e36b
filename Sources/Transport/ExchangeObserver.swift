import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange as the bounded transfer saw it: the request as Icebox made it and the answer as
/// the transport parsed it (its status, its headers, the body as handed over). Not the wire's bytes:
/// the transport keeps none (docs/warc.md says what differs).
public struct CapturedExchange: Sendable {
    public var started: Date
    public var method: String
    public var url: URL
    /// The headers Icebox set: the session's and the request's own (the request's win), by name.
    public var requestHeaders: [(name: String, value: String)]
    public var requestBody: Data?
    /// The answer's status and headers (by name, as the transport gives them); `nil` when none came.
    public var status: Int?
    /// The URL that answered: the request's, or the last redirect's target when redirects are followed.
    public var responseURL: URL?
    /// The IP address the answer came from (the connection's peer), as text; nil when none came.
    public var responseAddress: String?
    public var responseHeaders: [(name: String, value: String)]
    /// The body as delivered, up to where the transfer ended.
    public var body: Data
    /// Why the body is incomplete (WARC's `WARC-Truncated` values: `length`, `time`, `disconnect`,
    /// `unspecified`), `nil` when the transfer completed.
    public var truncated: String?
}

/// Sees every exchange of the bounded transfers of the task it is set for (``BoundedTransport/observer``),
/// once each has ended: `sync --warc` writes them as WARC records. Called on the session's delegate
/// queue; it must not block for long.
public protocol ExchangeObserver: Sendable {
    func exchanged(_ exchange: CapturedExchange)
    /// One event of a server's event stream, as it is taken from the stream (not decoded).
    func streamed(_ event: StreamedEvent)
}

extension ExchangeObserver {
    /// An observer that keeps only exchanges ignores stream events.
    public func streamed(_ event: StreamedEvent) {}
}

/// One event of a server's event stream (Mastodon's streaming API, server-sent events): its name and
/// data exactly as read, the stream's URL (which never holds the token: it goes in a header) and when
/// it was taken.
public struct StreamedEvent: Sendable {
    public var received: Date
    public var url: URL
    public var name: String
    public var data: String

    public init(received: Date, url: URL, name: String, data: String) {
        self.received = received
        self.url = url
        self.name = name
        self.data = data
    }
}

extension BoundedTransport {
    /// The observer of the transfers this task (and its child tasks) sends; none by default.
    @TaskLocal public static var observer: (any ExchangeObserver)?
}

/// What a transfer keeps for its observer while it runs.
struct ExchangeRecording {
    let observer: any ExchangeObserver
    var exchange: CapturedExchange

    init(observer: any ExchangeObserver, request: URLRequest, sessionHeaders: [String: String]) {
        self.observer = observer
        exchange = CapturedExchange(
            started: Date(), method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
            requestHeaders: BoundedTransport.headers(of: request, session: sessionHeaders),
            requestBody: request.httpBody, status: nil, responseURL: nil, responseAddress: nil, responseHeaders: [],
            body: Data(),
            truncated: nil)
    }

    mutating func received(_ response: HTTPURLResponse, from address: String?) {
        exchange.status = response.statusCode
        exchange.responseURL = response.url
        exchange.responseAddress = address
        var headers: [(name: String, value: String)] = []
        for (key, value) in response.allHeaderFields {
            if let name = key as? String { headers.append((name: name, value: "\(value)")) }
        }
        exchange.responseHeaders = headers.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// The transfer ended with `end`: the observer is told.
    func ended<Failure: Error & Sendable>(_ end: TransferEnd<Failure>) {
        var exchange = self.exchange
        switch end {
        case .completed: exchange.truncated = nil
        case .limit(.tooLarge): exchange.truncated = "length"
        case .limit(.deadline), .limit(.tooSlow): exchange.truncated = "time"
        case .cancelled, .failed: exchange.truncated = "disconnect"
        case .limit, .refused: exchange.truncated = "unspecified"
        }
        observer.exchanged(exchange)
    }
}
