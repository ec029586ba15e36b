import Foundation
import Models

extension MastodonClient {
    /// The thread around a status on this server, each status kept with its exact bytes.
    public func context(ofStatus id: String) async throws(APIError) -> (ancestors: [ArchivableStatus], descendants: [ArchivableStatus]) {
        let endpoint = Statuses.context(id: id)
        let response = try await sendExpectingJSON(endpoint)
        do {
            let empty = Data("[]".utf8)
            let ancestors = try ArchivableStatus.decodeArray(try RawJSON.value(forKey: "ancestors", inObject: response.body) ?? empty)
            let descendants = try ArchivableStatus.decodeArray(
                try RawJSON.value(forKey: "descendants", inObject: response.body) ?? empty)
            return (ancestors, descendants)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: "\(error)")
        }
    }
}
