import Foundation
import Logging
import Models
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A raw HTTP answer with the headers Icebox cares about already read.
public struct Response: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var rateLimit: RateLimit?

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Talks to one server, with or without a user token. Never logs the token.
public struct MastodonClient: Sendable {
    public let server: ServerAddress
    let token: String?
    private let transport: BoundedTransport
    let logger: Logger
    /// What every request waits for and reports to, when set (``budgeted(by:)``).
    var budget: (any RequestBudget)?

    /// Whether requests carry a user token.
    public var isAuthenticated: Bool { token != nil }

    public init(server: ServerAddress, token: String?, timeout: TimeInterval = 30, logger: Logger) {
        self.init(
            server: server, token: token, limits: RequestLimits(idleTimeout: timeout, deadline: timeout * 4),
            logger: logger)
    }

    /// A client whose every request keeps within `limits`.
    public init(server: ServerAddress, token: String?, limits: RequestLimits, logger: Logger) {
        self.server = server
        self.token = token
        self.logger = logger
        transport = BoundedTransport(
            limits: limits,
            headers: [
                "User-Agent": "Icebox/\(IceboxVersion.string)", "Accept": "application/json",
            ])
    }

    /// The full URL of an endpoint with its query and optional pagination cursor.
    public func url(for endpoint: any Endpoint, cursor: PageCursor? = nil) -> URL {
        var components = URLComponents(url: server.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.percentEncodedPath = endpoint.path
        let items = (endpoint.method == .get ? endpoint.queryItems : []) + (cursor?.queryItems ?? [])
        components.queryItems = items.isEmpty ? nil : items
        // URLComponents leaves `+` alone, but Rails reads it as a space: encode it.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? server.url
    }

    /// Sends one request and returns the answer, whatever its status; throws only when there is none.
    /// `headers` are added to the request's.
    public func send(_ endpoint: any Endpoint, cursor: PageCursor? = nil, headers: [String: String] = [:])
        async throws(APIError) -> Response
    {
        var request = URLRequest(url: url(for: endpoint, cursor: cursor))
        request.httpMethod = endpoint.method.rawValue
        // Every status another Icebox serves (a page, a thread, one status, a notification's, a history)
        // comes with its archived bytes (``MirrorExtension``); a Mastodon server ignores the header.
        request.setValue("1", forHTTPHeaderField: MirrorExtension.header)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if endpoint.method == .post {
            var form = URLComponents()
            form.queryItems = endpoint.queryItems
            request.httpBody = Data((form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B").utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let started = ContinuousClock.now
        var (http, data) = try await budgetedTransfer(request, path: endpoint.path)
        var hops = 0
        while RedirectPolicy.redirectStatuses.contains(http.statusCode), let current = request.url {
            let location = http.value(forHTTPHeaderField: "Location")
            guard let target = RedirectPolicy.target(of: location, from: current),
                RedirectPolicy.mayFollow(from: server.url, to: target), hops < RedirectPolicy.maxHops
            else {
                throw .redirected(
                    server: server.host, path: endpoint.path,
                    location: RedirectPolicy.describe(location, from: current))
            }
            hops += 1
            request.url = target
            if http.statusCode == 303 || (request.httpMethod == "POST" && [301, 302].contains(http.statusCode)) {
                request.httpMethod = "GET"
                request.httpBody = nil
                request.setValue(nil, forHTTPHeaderField: "Content-Type")
            }
            (http, data) = try await budgetedTransfer(request, path: endpoint.path)
        }
        let headers = Self.headers(of: http)
        let elapsed = ContinuousClock.now - started
        logger.debug(
            "\(request.httpMethod ?? "GET") \(endpoint.path) → \(http.statusCode)",
            metadata: [
                "server": "\(server.host)",
                "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            ])
        return Response(status: http.statusCode, headers: headers, body: data, rateLimit: RateLimit(headers: headers))
    }

    /// One request within the budget, when there is one: admitted before it is sent, settled with
    /// its answer's headers (or none) whatever happens, so the budget's count of requests in flight holds.
    private func budgetedTransfer(_ request: URLRequest, path: String) async throws(APIError)
        -> (HTTPURLResponse, Data)
    {
        guard let budget else { return try await transfer(request, path: path) }
        if let until = await budget.admit() { throw .budgetSpent(server: server.host, path: path, until: until) }
        do {
            let answer = try await transfer(request, path: path)
            await budget.settle(RateLimit(headers: Self.headers(of: answer.0)), answered: true)
            return answer
        } catch {
            await budget.settle(nil, answered: false)
            throw error
        }
    }

    /// An answer's headers, names lowercased.
    private static func headers(of http: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return headers
    }

    /// One request to this client's own origin, with the token, within the limits.
    private func transfer(_ original: URLRequest, path: String) async throws(APIError) -> (HTTPURLResponse, Data) {
        var request = original
        guard let url = request.url, RedirectPolicy.mayFollow(from: server.url, to: url) else {
            throw .redirected(
                server: server.host, path: path,
                location: RedirectPolicy.describe(original.url?.absoluteString, from: server.url))
        }
        // The exact URL sent, query and all. The token travels only in the Authorization header, which is
        // never logged; a POST's form body (OAuth secrets) is not logged either.
        logger.debug("\(request.httpMethod ?? "GET") \(url.absoluteString)")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        do {
            return try await transport.send(request)
        } catch {
            switch error {
            case .limit(.tooLarge(let limit)): throw .tooLarge(server: server.host, path: path, limit: limit)
            case .limit(.deadline(let seconds)):
                throw .transport(
                    server: server.host, path: path,
                    message: "no complete answer within the \(Self.format(seconds)) s deadline", timedOut: true)
            case .limit(.tooSlow(let rate, let minimum)):
                throw .transport(
                    server: server.host, path: path,
                    message: "the answer came at \(Self.format(rate)) bytes/s, below the minimum of "
                        + "\(Self.format(minimum)) bytes/s", timedOut: true)
            case .limit(.compressed(let encoding)):
                throw .malformed(
                    server: server.host, path: path,
                    reason: "a compressed answer (Content-Encoding: \(encoding)) although none was asked for; "
                        + "refused, since its decoded size cannot be bounded")
            case .limit(.tooManyRedirects):
                // Not reached: this transport answers every 3xx, and ``send(_:cursor:)`` follows them.
                throw .redirected(server: server.host, path: path, location: "too many redirects")
            case .transport(let underlying):
                let timedOut = (underlying as? URLError)?.code == .timedOut
                throw .transport(
                    server: server.host, path: path, message: Self.describe(underlying), timedOut: timedOut)
            }
        }
    }

    private static func format(_ value: Double) -> String { String(format: "%.0f", value) }

    /// Sends a request and insists on a 2xx JSON answer.
    public func sendExpectingJSON(
        _ endpoint: any Endpoint, cursor: PageCursor? = nil, headers: [String: String] = [:]
    ) async throws(APIError) -> Response {
        let response = try await send(endpoint, cursor: cursor, headers: headers)
        if response.status == 429 {
            // `Retry-After` is the server's word for this answer; the rate-limit reset is the fallback.
            throw .rateLimited(
                server: server.host, path: endpoint.path,
                reset: RetryAfter.date(response.header("retry-after")) ?? response.rateLimit?.reset)
        }
        guard (200..<300).contains(response.status) else {
            if response.status == 401, token != nil {
                throw .tokenRefused(
                    server: server.host, path: endpoint.path, address: server.description,
                    serverError: Self.serverError(in: response))
            }
            throw .http(
                server: server.host, path: endpoint.path, status: response.status,
                serverError: Self.serverError(in: response))
        }
        let type = response.header("content-type")
        let body = response.body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        guard body == UInt8(ascii: "{") || body == UInt8(ascii: "[") else {
            throw .notJSON(server: server.host, path: endpoint.path, status: response.status, contentType: type)
        }
        return response
    }

    /// Calls an endpoint and decodes its JSON.
    public func get<T: Decodable>(_ endpoint: any Endpoint, as type: T.Type = T.self) async throws(APIError) -> T {
        let response = try await sendExpectingJSON(endpoint)
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch let error as DecodingError {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.readableDescription)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: "\(error)")
        }
    }

    /// One page of statuses, each kept with its exact bytes, and the cursors of the `Link` header. A
    /// status that cannot be read is on the page's `unreadable` list; only a body that is not a whole
    /// JSON array fails the page. Another Icebox's `serve` is asked for each status's archived bytes
    /// (``MirrorExtension``; a Mastodon server ignores the header), which are then what is kept.
    public func statuses(_ endpoint: any Endpoint, cursor: PageCursor) async throws(APIError) -> Page<ArchivableStatus>
    {
        let response = try await sendExpectingJSON(endpoint, cursor: cursor)
        let decoded: DecodedStatuses
        do {
            decoded = try ArchivableStatus.decodePage(response.body, servedBy: server.host)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        }
        return Self.page(decoded, response)
    }

    /// One page of notifications: the statuses of those of the wanted `types`. Notifications of other
    /// types (servers that ignore `types[]`) are skipped without being decoded; a wanted one whose status
    /// cannot be read is on the page's `unreadable` list. The page's ids are the notifications' own.
    public func notificationStatuses(_ endpoint: Notifications, cursor: PageCursor) async throws(APIError)
        -> Page<ArchivableStatus>
    {
        let response = try await sendExpectingJSON(endpoint, cursor: cursor)
        let wanted: Set<String>
        switch endpoint {
        case .list(let types): wanted = Set(types)
        }
        let notifications: [Data]
        do {
            notifications = try RawJSON.elements(ofArray: response.body)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        }
        var statuses: [Data] = []
        for notification in notifications {
            guard let type = try? RawJSON.value(forKey: "type", inObject: notification),
                wanted.isEmpty || wanted.contains(String(decoding: type.dropFirst().dropLast(), as: UTF8.self)),
                let status = try? RawJSON.value(forKey: "status", inObject: notification)
            else { continue }
            statuses.append(status)
        }
        var decoded = ArchivableStatus.decode(statuses, servedBy: server.host)
        decoded.served = notifications.count
        decoded.firstID = notifications.first.flatMap(ArchivableStatus.peekID)
        decoded.lastID = notifications.last.flatMap(ArchivableStatus.peekID)
        return Self.page(decoded, response)
    }

    static func page(_ decoded: DecodedStatuses, _ response: Response) -> Page<ArchivableStatus> {
        let links = LinkHeader(response.header("link") ?? "")
        var page = Page(
            items: decoded.items, next: links.parameter("max_id", rel: "next"),
            previous: links.parameter("min_id", rel: "prev") ?? links.parameter("since_id", rel: "prev"),
            rateLimit: response.rateLimit, httpStatus: response.status, unreadable: decoded.unreadable,
            served: decoded.served, firstID: decoded.firstID, lastID: decoded.lastID)
        page.cut = response.header(MirrorExtension.cutHeader) == "1"
        return page
    }

    /// The `error` (and `error_description`) text of a JSON error body.
    static func serverError(in response: Response) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else { return nil }
        let parts = [object["error"], object["error_description"]].compactMap { $0 as? String }
        return parts.isEmpty ? nil : parts.joined(separator: ": ")
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? URLError {
            switch error.code {
            case .cannotConnectToHost: return "connection refused"
            case .cannotFindHost, .dnsLookupFailed: return "host not found"
            case .networkConnectionLost: return "the connection was dropped"
            case .notConnectedToInternet: return "no network"
            case .cancelled: return "cancelled"
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
                return "\(APIError.tlsFailurePrefix): \(error.localizedDescription)"
            default:
                // libcurl's handshake and certificate failures come through as .unknown, with its text.
                let text = error.localizedDescription
                let tls = ["SSL routines", "certificate", "SSL: "].contains { text.contains($0) }
                return tls ? "\(APIError.tlsFailurePrefix): \(text)" : text
            }
        }
        return "\(error)"
    }
}
