import Foundation

/// A query or form parameter as received (names keep their `[]` suffix, e.g. `types[]`).
public struct QueryPair: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    /// A name/value pair.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An incoming request, independent of FlyingFox.
struct APIRequest: Sendable {
    var method: String
    /// The path without query, e.g. `/api/v1/timelines/tag/%E6%97%A5`.
    var path: String
    /// The path as received (percent-encoded), used to rebuild `Link` URLs.
    var rawPath: String
    var query: [QueryPair]
    var headers: [String: String]
    var body: Data
    var clientAddress: String

    /// The bearer token from `Authorization`, or the `access_token` parameter.
    var bearerToken: String? {
        if let auth = headers["authorization"] {
            let parts = auth.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" { return String(parts[1]) }
            return nil
        }
        return query.first { $0.name == "access_token" }?.value
    }

    /// Path segments after splitting on `/`, percent-decoded.
    var segments: [String] {
        path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    }

    /// Query, form (`application/x-www-form-urlencoded`) and JSON-object parameters, in that order.
    var parameters: [QueryPair] {
        var out = query
        let type = headers["content-type"]?.lowercased() ?? ""
        if type.contains("application/json"),
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        {
            for key in object.keys.sorted() {
                switch object[key] {
                case let list as [Any]: out += list.map { QueryPair(name: key, value: "\($0)") }
                case let value?: out.append(QueryPair(name: key, value: "\(value)"))
                case nil: break
                }
            }
        } else if !body.isEmpty, let text = String(data: body, encoding: .utf8) {
            var comps = URLComponents()
            comps.percentEncodedQuery = text.replacingOccurrences(of: "+", with: "%20")
            out += (comps.queryItems ?? []).map { QueryPair(name: $0.name, value: $0.value ?? "") }
        }
        return out
    }

    /// The first value of a parameter (query, form or JSON).
    func param(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// All values of an array parameter, accepting both `name[]` and `name`.
    func params(_ name: String) -> [String] {
        query.filter { $0.name == name + "[]" || $0.name == name }.map(\.value)
    }

    /// A boolean query flag (`true`, `1`).
    func flag(_ name: String) -> Bool {
        guard let value = query.first(where: { $0.name == name })?.value.lowercased() else { return false }
        return value == "true" || value == "1"
    }
}
