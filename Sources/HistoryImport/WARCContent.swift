import Foundation
import Models
import WARC

/// What one WARC record holds for an archive: statuses (a status, a timeline page, a thread's
/// context), a media file, or nothing Icebox keeps (warcinfo, requests, metadata, other pages).
enum WARCContent {
    /// Statuses as their server sent them: `page` is a JSON array of statuses, or one status.
    case statuses(server: String, json: Data, shape: Shape)
    /// A media file's bytes under the URL they were fetched from.
    case media(url: String, bytes: Data)
    case nothing

    enum Shape {
        case one, array, context
    }

    /// What `record` holds: a `response` (captured by `sync --warc`: its HTTP body, when the status
    /// was 200) or a `resource` (written by `export`: its block).
    init(_ record: WARCRecord) {
        self = .nothing
        guard let uri = record.targetURI, let url = URL(string: uri), let host = url.host else { return }
        let payload: Data
        let contentType: String
        switch record.kind {
        case .response:
            guard let http = HTTPMessage(parsing: record.block), http.statusCode == 200 else { return }
            payload = http.body
            contentType = http.header("Content-Type") ?? ""
        case .resource:
            payload = record.block
            contentType = record["Content-Type"] ?? ""
        default:
            return
        }
        let server = url.port.map { "\(host.lowercased()):\($0)" } ?? host.lowercased()
        let path = url.path.split(separator: "/").map(String.init)
        guard path.first == "api" else {
            if !contentType.lowercased().contains("json"), !contentType.lowercased().hasPrefix("text/html") {
                self = .media(url: uri, bytes: payload)
            }
            return
        }
        guard let shape = Self.shape(of: path) else { return }
        self = .statuses(server: server, json: payload, shape: shape)
    }

    /// The endpoints whose answers are statuses: `/api/v1/statuses/<id>`, its `context`, the timelines,
    /// an account's statuses, favourites and bookmarks.
    static func shape(of path: [String]) -> Shape? {
        guard path.count >= 3, path[0] == "api" else { return nil }
        let rest = Array(path.dropFirst(2))
        switch rest.first {
        case "statuses" where rest.count == 2: return .one
        case "statuses" where rest.count == 3 && rest[2] == "context": return .context
        case "timelines", "favourites", "bookmarks": return .array
        case "accounts" where rest.count == 3 && rest[2] == "statuses": return .array
        case "trends" where rest.count == 2 && rest[1] == "statuses": return .array
        default: return nil
        }
    }

    /// The raw JSON of each status the answer holds, byte for byte.
    static func statuses(in json: Data, shape: Shape) throws(RawJSON.Malformed) -> [Data] {
        switch shape {
        case .one: return [json]
        case .array: return try RawJSON.elements(ofArray: json)
        case .context:
            var all: [Data] = []
            for key in ["ancestors", "descendants"] {
                if let list = try RawJSON.value(forKey: key, inObject: json) {
                    all += try RawJSON.elements(ofArray: list)
                }
            }
            return all
        }
    }
}
