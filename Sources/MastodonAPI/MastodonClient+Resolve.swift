import Foundation
import Models

/// `GET /api/v2/search?q=URI&resolve=true&type=statuses&limit=1`: the call Mastodon's own web app makes
/// when a post's address is pasted into its search box. The server fetches the post from its origin if
/// it does not have it yet and answers with its own copy. Resolving needs a user's token (without one
/// Mastodon answers 401).
public enum Search: Endpoint, Hashable {
    case resolveStatus(uri: String)

    public var path: String { "/api/v2/search" }
    public var queryItems: [URLQueryItem] {
        switch self {
        case .resolveStatus(let uri):
            [
                URLQueryItem(name: "q", value: uri), URLQueryItem(name: "resolve", value: "true"),
                URLQueryItem(name: "type", value: "statuses"), URLQueryItem(name: "limit", value: "1"),
            ]
        }
    }
    public var requiresToken: Bool { true }
}

/// What a server answered when asked to resolve a post's address.
public struct ResolvedStatus: Sendable {
    /// The statuses found (a server sends at most one for an address), each kept with its bytes.
    public var found: DecodedStatuses
    /// The request budget the answer advertised.
    public var rateLimit: RateLimit?
}

extension MastodonClient {
    /// The server's copy of the post at `uri`, fetched from its origin when the server did not have it;
    /// `found` is empty when the server could not find or fetch it.
    public func resolveStatus(uri: String) async throws(APIError) -> ResolvedStatus {
        let endpoint = Search.resolveStatus(uri: uri)
        let response = try await sendExpectingJSON(endpoint)
        do {
            let statuses = try RawJSON.value(forKey: "statuses", inObject: response.body) ?? Data("[]".utf8)
            return ResolvedStatus(
                found: try ArchivableStatus.decodePage(statuses, servedBy: server.host),
                rateLimit: response.rateLimit)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: "the search answer is \(error)")
        }
    }
}
