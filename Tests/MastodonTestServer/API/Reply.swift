import Foundation

/// A response before it is turned into FlyingFox's `HTTPResponse`.
struct Reply: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data

    init(status: Int, contentType: String, body: Data, headers: [(String, String)] = []) {
        self.status = status
        self.body = body
        self.headers = [("Content-Type", contentType)] + headers
    }

    static let jsonType = "application/json; charset=utf-8"

    /// A JSON body.
    static func json(_ value: JSON, status: Int = 200, link: String? = nil) -> Reply {
        Reply(status: status, contentType: jsonType, body: value.data, headers: link.map { [("Link", $0)] } ?? [])
    }

    /// Mastodon's error shape: `{"error":"…"}`.
    static func error(_ status: Int, _ message: String) -> Reply {
        json(["error": .string(message)], status: status)
    }

    static func html(_ text: String, status: Int = 200) -> Reply {
        Reply(status: status, contentType: "text/html; charset=utf-8", body: Data(text.utf8))
    }

    static let notFound = error(404, "Record not found")
    static let invalidToken = error(401, "The access token is invalid")
    static let needsUser = error(422, "This method requires an authenticated user")

    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.0.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name, value))
    }

    func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
}
