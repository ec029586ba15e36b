import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads a whole timeline from a server with plain HTTP and JSONSerialization, independently of
/// Icebox's client, so tests can compare what the archive holds with what the server serves.
public enum ServedTimeline {
    /// The archive keys of every status the timeline serves, boosted posts included.
    ///
    /// Pages back with `max_id` until an empty page; `path` may carry a query (`?local=true`).
    public static func archiveKeys(baseURL: URL, path: String, token: String?) async throws -> Set<String> {
        var keys = Set<String>()
        var maxID: String?
        for _ in 0..<10_000 {
            var components = URLComponents(string: baseURL.absoluteString + path)!
            components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "limit", value: "40")]
                + (maxID.map { [URLQueryItem(name: "max_id", value: $0)] } ?? [])
            var request = URLRequest(url: components.url!)
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            let (data, _) = try await URLSession.shared.data(for: request)
            guard let page = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], let last = page.last
            else { return keys }
            for status in page { keys.formUnion(statusKeys(status)) }
            maxID = last["id"] as? String
        }
        return keys
    }

    /// A status's archive key (its uri; for a boost sharing the post's uri, Icebox's derived key) and,
    /// for a boost, the boosted post's.
    public static func statusKeys(_ status: [String: Any]) -> [String] {
        let uri = status["uri"] as? String ?? ""
        guard let reblog = status["reblog"] as? [String: Any], let inner = reblog["uri"] as? String else { return [uri] }
        let account = status["account"] as? [String: Any]
        let key = inner == uri ? "\(uri)#boost-by-\(account?["uri"] as? String ?? account?["acct"] as? String ?? "")" : uri
        return [key, inner]
    }
}
