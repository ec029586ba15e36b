import Foundation
import Models

extension MastodonClient {
    /// One page of a relation list: each entry's bytes as sent (an account object, or a domain as a JSON
    /// string), and the `max_id` of the `Link` header's `next` (nil on the last page). The cursor is
    /// opaque (Mastodon pages follows by the follow's own id) and is only ever sent back to this server
    /// on this path: a link to another origin or path is never followed. Only a body that is not a JSON
    /// array fails the page.
    public func relations(_ endpoint: Relations, cursor: PageCursor) async throws(APIError) -> Page<Data> {
        let response = try await sendExpectingJSON(endpoint, cursor: cursor)
        let entries: [Data]
        do {
            entries = try RawJSON.elements(ofArray: response.body)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        }
        let links = LinkHeader(response.header("link") ?? "")
        // A next page the client cannot ask for would end the walk as if the list were whole.
        if links.url(rel: "next") != nil, links.parameter("max_id", rel: "next") == nil {
            throw .malformed(
                server: server.host, path: endpoint.path, reason: "the Link header's next page has no max_id")
        }
        return Page(
            items: entries, next: links.parameter("max_id", rel: "next"),
            previous: links.parameter("min_id", rel: "prev"), rateLimit: response.rateLimit,
            httpStatus: response.status)
    }
}
