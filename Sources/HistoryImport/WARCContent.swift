import Foundation
import Models
import WARC

/// What one WARC record holds for an archive, told from its header (and a response's HTTP header)
/// before its block is read: statuses (a status, a timeline page, a thread's context), a status's edit
/// history, a media file, or nothing Icebox keeps (warcinfo, requests, metadata, other pages).
enum WARCContent: Equatable {
    /// Statuses as their server sent them: the body is a JSON array of statuses, one status, or a context.
    case statuses(server: String, shape: Shape)
    /// The versions of the status `localID` on `server` (`/api/v1/statuses/:id/history`).
    case history(server: String, localID: String)
    /// A media file's bytes under the URL they were fetched from.
    case media(url: String)
    case nothing

    enum Shape {
        case one, array, context
    }

    /// What `record` holds: a `response` (captured by `sync --warc`: its body, when `http`, its HTTP
    /// header, says 200) or a `resource` (written by `export`: its block).
    init(_ record: WARCRecord, http: HTTPMessage?) {
        self = .nothing
        guard let uri = record.targetURI, let url = URL(string: uri), let host = url.host else { return }
        let contentType: String
        switch record.kind {
        case .response:
            guard let http, http.statusCode == 200 else { return }
            contentType = http.header("Content-Type") ?? ""
        case .resource:
            contentType = record["Content-Type"] ?? ""
        default:
            return
        }
        let server = url.port.map { "\(host.lowercased()):\($0)" } ?? host.lowercased()
        let path = url.path.split(separator: "/").map(String.init)
        guard path.first == "api" else {
            if !contentType.lowercased().contains("json"), !contentType.lowercased().hasPrefix("text/html") {
                self = .media(url: uri)
            }
            return
        }
        let rest = Array(path.dropFirst(2))
        if rest.count == 3, rest[0] == "statuses", rest[2] == "history" {
            self = .history(server: server, localID: rest[1])
        } else if let shape = Self.shape(of: path) {
            self = .statuses(server: server, shape: shape)
        }
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

    /// Calls `body` with the raw JSON of each status the answer holds, byte for byte, one at a time (the
    /// answer is never copied whole: see ``RawJSON/forEachElement(ofArray:_:)``). Throws
    /// ``RawJSON/Malformed`` when the answer is not of its shape, or what `body` throws.
    static func forEachStatus(in json: Data, shape: Shape, _ body: (Data) throws -> Void) throws {
        switch shape {
        case .one: try body(json)
        case .array: try RawJSON.forEachElement(ofArray: json, body)
        case .context:
            // Each list is a copy of its part of the answer: the answer's size once more at most, while
            // its statuses are read.
            for key in ["ancestors", "descendants"] {
                if let list = try RawJSON.value(forKey: key, inObject: json) {
                    try RawJSON.forEachElement(ofArray: list, body)
                }
            }
        }
    }
}
