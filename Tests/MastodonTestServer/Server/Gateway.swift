import FlyingFox
import FlyingSocks
import Foundation

/// Adapts FlyingFox requests to ``ServerState`` and performs byte-level faults (truncation, drops, hangs).
struct Gateway: HTTPHandler {
    let state: ServerState
    /// `api`, or `streaming` for the second port, which answers only the streaming API.
    var listener = "api"

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.path.hasPrefix("/api/v1/streaming") { return try await stream(request) }
        if listener == "streaming" { return HTTPResponse(statusCode: .notFound) }
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let body = try await request.bodyData
        let path = request.path.removingPercentEncoding ?? request.path
        let rawPath = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { Pager.encode(String($0)) }.joined(separator: "/")
        let api = APIRequest(
            method: request.method.rawValue, path: path, rawPath: rawPath,
            query: request.query.map { QueryPair(name: $0.name, value: $0.value) }, headers: headers, body: body,
            clientAddress: request.remoteIPAddress ?? "unknown")
        let (reply, decision) = await state.handle(api)
        var response = HTTPHeaders()
        for (name, value) in reply.headers { response.addValue(value, for: HTTPHeader(name)) }
        switch decision {
        case .truncate:
            return HTTPResponse(
                statusCode: Self.status(reply.status), headers: response,
                body: reply.body.prefix(reply.body.count / 2))
        case .dropMidBody:
            let half = Array(reply.body.prefix(reply.body.count / 2))
            return HTTPResponse(
                statusCode: Self.status(reply.status), headers: response,
                body: HTTPBodySequence(from: BrokenBytes(bytes: half), count: reply.body.count))
        case .hang(let seconds):
            try? await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1_000_000_000))
        case .slow(let chunk, let seconds):
            return HTTPResponse(
                statusCode: Self.status(reply.status), headers: response,
                body: HTTPBodySequence(
                    from: SlowBytes(bytes: reply.body, chunk: chunk, seconds: seconds),
                    count: reply.body.count))
        case .stream(let bomb):
            return HTTPResponse(
                statusCode: Self.status(reply.status), headers: response,
                body: HTTPBodySequence(from: bomb, count: bomb.encodedSize))
        case .none, .replace:
            break
        }
        return HTTPResponse(
            statusCode: Self.status(reply.status), headers: response,
            body: request.method == .HEAD ? Data() : reply.body)
    }

    static func status(_ code: Int) -> HTTPStatusCode {
        let phrases = [
            200: "OK", 206: "Partial Content", 301: "Moved Permanently", 302: "Found", 307: "Temporary Redirect",
            308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized",
            404: "Not Found", 410: "Gone", 422: "Unprocessable Entity", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        ]
        return HTTPStatusCode(code, phrase: phrases[code] ?? "Status")
    }
}

/// A byte sequence that yields its bytes, then fails: the connection closes with the body incomplete.
struct BrokenBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        var bytes: [UInt8]
        var sent = false

        mutating func next() async throws -> UInt8? {
            guard !bytes.isEmpty else { throw SocketError.disconnected }
            return bytes.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard !sent, !bytes.isEmpty else { throw SocketError.disconnected }
            sent = true
            return bytes
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}
