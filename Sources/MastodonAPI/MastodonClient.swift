import Foundation
import Logging
import Models

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
    private let token: String?
    private let session: URLSession
    private let logger: Logger

    /// Whether requests carry a user token.
    public var isAuthenticated: Bool { token != nil }

    public init(server: ServerAddress, token: String?, timeout: TimeInterval = 30, logger: Logger) {
        self.server = server
        self.token = token
        self.logger = logger
        let configuration = EphemeralSessions.configuration()
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = ["User-Agent": "Icebox/\(IceboxVersion.string)", "Accept": "application/json"]
        session = URLSession(configuration: configuration)
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
    public func send(_ endpoint: any Endpoint, cursor: PageCursor? = nil) async throws(APIError) -> Response {
        var request = URLRequest(url: url(for: endpoint, cursor: cursor))
        request.httpMethod = endpoint.method.rawValue
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if endpoint.method == .post {
            var form = URLComponents()
            form.queryItems = endpoint.queryItems
            request.httpBody = Data((form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B").utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let started = ContinuousClock.now
        let data: Data
        let urlResponse: URLResponse
        do {
            (data, urlResponse) = try await session.data(for: request)
        } catch {
            let timedOut = (error as? URLError)?.code == .timedOut
            throw .transport(server: server.host, path: endpoint.path, message: Self.describe(error), timedOut: timedOut)
        }
        guard let http = urlResponse as? HTTPURLResponse else {
            throw .transport(server: server.host, path: endpoint.path, message: "not an HTTP response", timedOut: false)
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        let elapsed = ContinuousClock.now - started
        logger.debug("\(endpoint.method.rawValue) \(endpoint.path) → \(http.statusCode)", metadata: [
            "server": "\(server.host)",
            "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            "query": "\(cursor?.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&") ?? "")",
        ])
        return Response(status: http.statusCode, headers: headers, body: data, rateLimit: RateLimit(headers: headers))
    }

    /// Sends a request and insists on a 2xx JSON answer.
    public func sendExpectingJSON(_ endpoint: any Endpoint, cursor: PageCursor? = nil) async throws(APIError) -> Response {
        let response = try await send(endpoint, cursor: cursor)
        if response.status == 429 {
            throw .rateLimited(server: server.host, path: endpoint.path, reset: response.rateLimit?.reset)
        }
        guard (200..<300).contains(response.status) else {
            throw .http(server: server.host, path: endpoint.path, status: response.status,
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

    /// One page of statuses, each kept with its exact bytes, and the cursors of the `Link` header.
    public func statuses(_ endpoint: any Endpoint, cursor: PageCursor) async throws(APIError) -> Page<ArchivableStatus> {
        let response = try await sendExpectingJSON(endpoint, cursor: cursor)
        let items: [ArchivableStatus]
        do {
            items = try ArchivableStatus.decodeArray(response.body)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        }
        return Self.page(items, response)
    }

    /// One page of notifications, with each status kept with its exact bytes.
    public func notificationStatuses(_ endpoint: Notifications, cursor: PageCursor) async throws(APIError)
        -> Page<ArchivableStatus> {
        let response = try await sendExpectingJSON(endpoint, cursor: cursor)
        var items: [ArchivableStatus] = []
        do {
            for element in try RawJSON.elements(ofArray: response.body) {
                guard let raw = try RawJSON.value(forKey: "status", inObject: element) else { continue }
                items.append(try ArchivableStatus(decoding: raw))
            }
        } catch let error as StatusDecodingError {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        } catch let error as RawJSON.Malformed {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: "\(error)")
        }
        return Self.page(items, response)
    }

    private static func page(_ items: [ArchivableStatus], _ response: Response) -> Page<ArchivableStatus> {
        let links = LinkHeader(response.header("link") ?? "")
        return Page(items: items, next: links.parameter("max_id", rel: "next"),
                    previous: links.parameter("min_id", rel: "prev") ?? links.parameter("since_id", rel: "prev"),
                    rateLimit: response.rateLimit, httpStatus: response.status)
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
