import FlyingFox
import Foundation

extension Gateway {
    /// `/api/v1/streaming/health` answers `OK`; the other streaming paths hold the connection open and
    /// write events as they happen (chunked), until the client or a fault closes it.
    func stream(_ request: HTTPRequest) async throws -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let path = request.path.removingPercentEncoding ?? request.path
        if path == "/api/v1/streaming/health" {
            return HTTPResponse(
                statusCode: .ok, headers: [HTTPHeader("Content-Type"): "text/plain"], body: Data("OK".utf8))
        }
        let api = APIRequest(
            method: request.method.rawValue, path: path, rawPath: path,
            query: request.query.map { QueryPair(name: $0.name, value: $0.value) }, headers: headers,
            body: Data(), clientAddress: request.remoteIPAddress ?? "unknown")
        switch await state.openStream(api, listener: listener) {
        case .refused(let reply):
            var response = HTTPHeaders()
            for (name, value) in reply.headers { response.addValue(value, for: HTTPHeader(name)) }
            return HTTPResponse(statusCode: Self.status(reply.status), headers: response, body: reply.body)
        case .opened(let id, let chunks):
            let state = self.state
            let ending = AsyncStream<Data> { continuation in
                let relay = Task {
                    for await chunk in chunks { continuation.yield(chunk) }
                    continuation.finish()
                }
                continuation.onTermination = { _ in
                    relay.cancel()
                    Task { await state.closeStream(id) }
                }
            }
            return HTTPResponse(
                statusCode: .ok,
                headers: [
                    HTTPHeader("Content-Type"): "text/event-stream",
                    HTTPHeader("Cache-Control"): "no-store",
                ],
                body: HTTPBodySequence(from: StreamBytes(chunks: ending), suggestedBufferSize: 16_384))
        }
    }
}
