import Foundation
import Models

extension MastodonClient {
    /// Every version of an edited status (`/api/v1/statuses/:id/history`), oldest first as servers send
    /// it, each kept byte for byte with the time it was written. A version without a readable
    /// `created_at` is left out (and logged): the time is what tells versions apart.
    public func editHistory(ofStatus id: String) async throws(APIError) -> [(createdAt: Date, raw: Data)] {
        let endpoint = Statuses.history(id: id)
        let response = try await sendExpectingJSON(endpoint)
        let elements: [Data]
        do {
            elements = try RawJSON.elements(ofArray: response.body)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: "the edit history is \(error)")
        }
        var versions: [(createdAt: Date, raw: Data)] = []
        for element in elements {
            guard let value = try? RawJSON.value(forKey: "created_at", inObject: element),
                let text = try? JSONDecoder().decode(String.self, from: value), let date = MastodonDate.parse(text)
            else {
                logger.info("a version in \(server.host)'s edit history of \(id) has no readable created_at; left out")
                continue
            }
            versions.append((date, element))
        }
        return versions
    }
}
