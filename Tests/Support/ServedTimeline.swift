import Foundation
import Models

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a whole timeline from a server with plain HTTP and JSONSerialization, independently of
/// Icebox's client, so tests can compare what the archive holds with what the server serves.
public enum ServedTimeline {
    /// The archive keys of every status the timeline serves, boosted posts included.
    ///
    /// Follows the `Link` header's `rel="next"` URL until a page comes back empty, as a client that
    /// knows nothing about the cursors would; `path` may carry a query (`?local=true`). For
    /// notifications, `statusKey` picks the status out of each notification.
    public static func archiveKeys(
        baseURL: URL, path: String, token: String?,
        statusKey: String? = nil, onlyType: String? = nil
    ) async throws -> Set<String> {
        var keys = Set<String>()
        var components = URLComponents(string: baseURL.absoluteString + path)!
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "limit", value: "40")]
        var next = components.url
        var pages = 0
        while let url = next, pages < 10_000 {
            pages += 1
            var request = URLRequest(url: url)
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            let (data, response) = try await URLSession.shared.data(for: request)
            guard let page = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], !page.isEmpty
            else { return keys }
            for item in page where onlyType == nil || item["type"] as? String == onlyType {
                guard let status = statusKey.map({ item[$0] as? [String: Any] }) ?? item else { continue }
                keys.formUnion(statusKeys(status))
            }
            next = nextLink((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Link"))
        }
        return keys
    }

    /// The `rel="next"` URL of a Link header.
    static func nextLink(_ header: String?) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") where part.contains("rel=\"next\"") {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">") else { continue }
            return URL(string: String(part[part.index(after: open)..<close]))
        }
        return nil
    }

    /// A status's archive key (its uri; for a boost sharing the post's uri, Icebox's derived key) and,
    /// for a boost, the boosted post's.
    public static func statusKeys(_ status: [String: Any]) -> [String] {
        let uri = status["uri"] as? String ?? ""
        guard let reblog = status["reblog"] as? [String: Any], let inner = reblog["uri"] as? String else {
            return [uri]
        }
        let account = status["account"] as? [String: Any]
        let key =
            inner == uri ? "\(uri)#boost-by-\(account?["uri"] as? String ?? account?["acct"] as? String ?? "")" : uri
        return [key, inner]
    }

    /// A status as served: its uri, its exact bytes in the page, and its JSON object.
    public struct Served: @unchecked Sendable {
        public var uri: String
        public var raw: Data
        public var object: [String: Any]
    }

    /// Every status a timeline serves (no token), following `rel="next"` until an empty page, each with
    /// its exact bytes in the page.
    public static func statuses(baseURL: URL, path: String) async throws -> [Served] {
        var result: [Served] = []
        var next = URL(string: baseURL.absoluteString + path + "?limit=40")
        while let url = next {
            let (data, response) = try await URLSession.shared.data(from: url)
            let elements = try RawJSON.elements(ofArray: data)
            if elements.isEmpty { break }
            for raw in elements {
                let object = try JSONSerialization.jsonObject(with: raw) as? [String: Any] ?? [:]
                result.append(Served(uri: object["uri"] as? String ?? "", raw: raw, object: object))
            }
            next = nextLink((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Link"))
        }
        return result
    }
}
