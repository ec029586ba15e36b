import Export
import Foundation
import HTTPTypes

/// What a route answers, before the headers every answer carries are added (``ReaderResponder``).
struct Reply: Sendable {
    var status: HTTPResponse.Status
    /// The `Content-Type`.
    var type: String
    var body: Data
    /// Whether it is one of the reader's own pages (then its CSP lets the page's stylesheet and the
    /// archive's media load from this server; anything else gets a CSP that allows nothing).
    var isPage = false
    /// Headers of its own (`Content-Disposition`, `Cache-Control`, `WWW-Authenticate`).
    var headers: [HTTPField] = []

    /// A page of the reader.
    static func page(_ html: HTML, status: HTTPResponse.Status = .ok) -> Reply {
        Reply(status: status, type: "text/html; charset=utf-8", body: html.data, isPage: true)
    }

    /// The CLI's JSON records, byte for byte what `--json` prints.
    static func json(_ data: Data) -> Reply {
        Reply(status: .ok, type: "application/json; charset=utf-8", body: data)
    }

    /// Plain text (errors for machines, refusals).
    static func text(_ text: String, status: HTTPResponse.Status) -> Reply {
        Reply(status: status, type: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
    }
}
