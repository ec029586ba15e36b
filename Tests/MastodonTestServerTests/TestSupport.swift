import Foundation
import IceboxTestSupport

@testable import MastodonTestServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The repository's Fixtures/ folder, found from this file's location.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures", isDirectory: true)

/// An HTTP response as the tests look at it.
struct Fetched: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as an array of JSON objects.
    var objects: [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: body) as? [[String: Any]]) ?? []
    }

    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
    }

    /// The `id` of each element of a JSON array body.
    var ids: [String] { objects.compactMap { ($0["id"] as? String) ?? ($0["id"] as? NSNumber)?.stringValue } }

    /// `rel` → URL from the `Link` header.
    var links: [String: URL] {
        guard let link = header("Link") else { return [:] }
        var out: [String: URL] = [:]
        for part in link.components(separatedBy: ", <") {
            let pieces = part.components(separatedBy: ">; rel=\"")
            guard pieces.count == 2 else { continue }
            let url = pieces[0].trimmingCharacters(in: CharacterSet(charactersIn: "<"))
            out[pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))] = URL(string: url)
        }
        return out
    }

    /// A query value of a `Link` URL.
    func linkValue(_ rel: String, _ name: String) -> String? {
        links[rel].flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems }?
            .first { $0.name == name }?.value
    }
}

let session: URLSession = {
    let config = URLSessionConfiguration.ephemeral
    config.urlCache = nil
    config.timeoutIntervalForRequest = 20
    return URLSession(configuration: config)
}()

/// Performs a request against the test server.
func fetch(_ url: URL, token: String? = nil, method: String = "GET", form: [String: String]? = nil) async throws
    -> Fetched
{
    var request = URLRequest(url: url)
    request.httpMethod = method
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    if let form {
        var comps = URLComponents()
        comps.queryItems = form.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        request.httpBody = Data((comps.percentEncodedQuery ?? "").utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await session.data(for: request)
    let http = response as! HTTPURLResponse
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
    return Fetched(status: http.statusCode, headers: headers, body: data)
}

/// Mastodon's id order: by length, then lexically.
func isNewer(_ a: String, than b: String) -> Bool {
    a.count != b.count ? a.count > b.count : a > b
}
