import ArchiveCore
import Foundation
import HTTPTypes
import Hummingbird
import Models

/// A request to the archive's Mastodon API (issue 45) as its routes read it: the path's segments after
/// `/api/`, the query's parameters (Hummingbird's own parsing; the first of a repeated name), the
/// address the answer's links start with, and the archiving account the token reads as.
struct APIRequest: Sendable {
    /// `["v1", "timelines", "home"]` for `/api/v1/timelines/home`, each segment percent-decoded.
    var segments: [String]
    var parameters: [String: String]
    /// `http://host:port` as the client reached the reader (its `Host`), without a trailing slash.
    var base: String
    /// The path as requested, for the `Link` header's addresses.
    var path: String
    /// The handle (`user@host`) of the archiving account the token reads as; `nil` for an app's own token.
    var account: String?
    /// Every value of each name of the query, in order (`id[]`, `types[]` repeat).
    var lists: [String: [String]]
    /// What the markers the token sets are kept under (``APIGrant/markerKey``).
    var markerKey: String?
    /// The body of a write the API takes (`POST /api/v1/markers`), read up to ``maximumBodyBytes``; empty
    /// otherwise.
    var body = Data()
    /// The body's `Content-Type`.
    var contentType = ""
    /// Whether another Icebox asks for each status's archived raw JSON beside it (`X-Icebox-Mirror: 1`,
    /// see ``APIStatusPage``); apps never send it, so they never receive the member.
    var mirror: Bool

    /// The most a body the API reads may hold.
    static let maximumBodyBytes = 16 * 1024

    init(_ request: Request, base: String, account: String?, markerKey: String? = nil) {
        path = request.uri.path
        mirror = HTTPField.Name(MirrorExtension.header).flatMap { request.headers[$0] } == "1"
        segments = path.split(separator: "/", omittingEmptySubsequences: true).dropFirst()
            .map { $0.removingPercentEncoding ?? String($0) }
        var parameters: [String: String] = [:]
        var lists: [String: [String]] = [:]
        // Hummingbird decodes a query's values but not its names: `types%5B%5D` (as Python's clients send
        // `types[]`) is decoded here.
        for (encoded, value) in request.uri.queryParameters {
            let name = encoded.removingPercentEncoding ?? String(encoded)
            if parameters[name] == nil { parameters[name] = String(value) }
            lists[name, default: []].append(String(value))
        }
        self.parameters = parameters
        self.lists = lists
        self.base = base
        self.account = account
        self.markerKey = markerKey
        contentType = request.headers[.contentType] ?? ""
    }

    /// Every value of a list parameter, sent as `name[]` (as Mastodon's clients send them) or `name`.
    /// The most statuses `/api/v1/statuses?id[]=` answers at once (Mastodon's own limit).
    static let maximumStatusIDs = 20

    func list(_ name: String) -> [String] { (lists[name + "[]"] ?? []) + (lists[name] ?? []) }

    /// A boolean parameter as Mastodon reads one (`true`, `1`, `on`…).
    func flag(_ name: String) -> Bool {
        guard let value = parameters[name]?.lowercased() else { return false }
        return ["true", "1", "on", "yes", "t"].contains(value)
    }
}

/// Why an API request is answered with an error, as Mastodon's JSON `{"error": "…"}`.
struct APIFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    static let notFound = APIFailure(status: .notFound, message: "Record not found")
    static let readOnly = APIFailure(status: .forbidden, message: "This archive is read-only")
    static let noToken = APIFailure(status: .unauthorized, message: "The access token is invalid")

    var reply: Reply {
        Reply(
            status: status, type: "application/json; charset=utf-8",
            body: (try? JSONSerialization.data(withJSONObject: ["error": message])) ?? Data())
    }
}

extension Reply {
    /// A JSON answer of the API, with its `Link` header when it has one; `cut`: a page for another Icebox
    /// cut short of its bytes, which says so (``MirrorExtension/cutHeader``).
    static func api(_ body: Data, link: String? = nil, cut: Bool = false) -> Reply {
        var reply = Reply(status: .ok, type: "application/json; charset=utf-8", body: body)
        if let link, let name = HTTPField.Name("Link") { reply.headers.append(HTTPField(name: name, value: link)) }
        if cut, let name = HTTPField.Name(MirrorExtension.cutHeader) {
            reply.headers.append(HTTPField(name: name, value: "1"))
        }
        return reply
    }
}
