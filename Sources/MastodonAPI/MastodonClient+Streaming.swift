import Foundation
import Transport

extension MastodonClient {
    /// Where this server streams (`configuration.urls.streaming` of `/api/v2/instance`, checked by
    /// ``StreamingOrigin``): the origin, or why the token may not go where it points (poll instead);
    /// nil when it advertises none (no streaming: poll instead).
    public func streamingOrigin() async throws(APIError) -> Result<ServerAddress, StreamingOrigin.Refused>? {
        let response = try await sendExpectingJSON(Instances.v2)
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        let urls = (object?["configuration"] as? [String: Any])?["urls"] as? [String: Any]
        guard let advertised = urls?["streaming"] as? String else { return nil }
        do {
            return .success(try StreamingOrigin.resolve(advertised, for: server))
        } catch {
            return .failure(error)
        }
    }

    /// Opens a stream at `origin` (this server, or the streaming origin it advertised: the only other
    /// place this client's token goes), with the token when the stream needs it or one is held.
    public func openStream(
        _ endpoint: StreamingEndpoint, origin: ServerAddress, idleTimeout: TimeInterval,
        maxPendingBytes: Int = EventStream.defaultMaxPendingBytes
    ) async throws(EventStreamError)
        -> EventStream
    {
        // The token goes to the server's own origin or a name under it on the same scheme and port.
        guard origin == server || (try? StreamingOrigin.resolve(origin.description, for: server)) == origin else {
            throw .transport("\(origin) is not \(server.host)'s streaming origin")
        }
        var components = URLComponents(url: origin.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        let (path, query) = endpoint.pathAndQuery
        components.percentEncodedPath = path
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else { throw .transport("no URL for \(path) at \(origin)") }
        logger.debug("GET \(url.absoluteString) (stream)")
        return try await EventStream.open(
            url, token: token, userAgent: "Icebox/\(IceboxVersion.string)",
            idleTimeout: idleTimeout, maxPendingBytes: maxPendingBytes)
    }
}
