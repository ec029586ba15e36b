import Display
import Foundation
import HTTPTypes

extension Reader {
    /// The CLI's records as `--json` prints them (`JSONOutput`): the same keys, nulls and escaping.
    func json<T: Encodable>(_ value: T) throws -> Reply {
        .json(try JSONOutput.document(value))
    }

    /// A page of records as `json` gives them (the body stays the CLI's array), with what a script needs
    /// to go on in headers, as Mastodon's API gives it: `Link` to the next and previous pages, and the
    /// total in `X-Total-Count` when it is exact (above `--count-limit` it is not sent; `count=all` counts it).
    func jsonPage<T: Encodable>(_ records: [T], hasMore: Bool, total: PageTotal, _ request: PageRequest) throws
        -> Reply
    {
        var reply = try json(records)
        var links: [String] = []
        if hasMore { links.append("<\(request.href(setting: "page", to: String(request.page + 1)))>; rel=\"next\"") }
        if request.page > 1 {
            links.append("<\(request.href(setting: "page", to: String(request.page - 1)))>; rel=\"prev\"")
        }
        if !links.isEmpty, let link = HTTPField.Name("Link") {
            reply.headers.append(HTTPField(name: link, value: links.joined(separator: ", ")))
        }
        if total.isExact, let name = HTTPField.Name("X-Total-Count") {
            reply.headers.append(HTTPField(name: name, value: String(total.count)))
        }
        return reply
    }

    /// `{"error": "…"}` for a page a machine asked for that cannot be shown.
    static func jsonError(_ message: String) -> Data {
        (try? JSONOutput.document(["error": message])) ?? Data("{}\n".utf8)
    }
}
