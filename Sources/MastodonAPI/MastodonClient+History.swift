import Foundation
import Models

extension MastodonClient {
    /// Every version of an edited status (`/api/v1/statuses/:id/history`), oldest first as servers send
    /// it, each kept byte for byte with the time it was written. A version without a readable
    /// `created_at` is left out (and logged): the time is what tells versions apart.
    public func editHistory(ofStatus id: String) async throws(APIError) -> [(createdAt: Date, raw: Data)] {
        let endpoint = Statuses.history(id: id)
        let response = try await sendExpectingJSON(endpoint)
        let parsed: (versions: [(createdAt: Date, raw: Data)], unreadable: Int)
        do {
            parsed = try EditHistoryVersions.parse(response.body)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: "the edit history is \(error)")
        }
        if parsed.unreadable > 0 {
            logger.info(
                "\(parsed.unreadable) versions in \(server.host)'s edit history of \(id) have no readable created_at; left out"
            )
        }
        let versions = parsed.versions
        return versions
    }
}
