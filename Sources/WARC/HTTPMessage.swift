import Foundation

/// The block of a `request` or `response` record (`application/http`): a start line, header lines and
/// the body. Written as Icebox saw the exchange; read back for imports and digests.
public struct HTTPMessage: Sendable, Hashable {
    /// `GET /api/v1/timelines/home?limit=40 HTTP/1.1`, or `HTTP/1.1 200 OK`.
    public var startLine: String
    /// In the order written.
    public var headers: [WARCRecord.Field]
    public var body: Data

    public init(startLine: String, headers: [WARCRecord.Field], body: Data) {
        self.startLine = startLine
        self.headers = headers
        self.body = body
    }

    /// The first header of this name, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// A response's status code (`200`), `nil` for a request.
    public var statusCode: Int? {
        let parts = startLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
        return Int(parts[1])
    }

    /// Whether the body was sent in chunks (`Transfer-Encoding: chunked`).
    public var isChunked: Bool { header("Transfer-Encoding")?.lowercased().contains("chunked") == true }

    /// The header as bytes (start line, headers, empty line): where the payload starts in the block.
    public var head: Data {
        var text = startLine + "\r\n"
        for header in headers { text += "\(header.name): \(header.value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// The block: head and body.
    public var block: Data { head + body }

    /// Reads a block; `nil` when it has no complete header. A body sent in chunks
    /// (`Transfer-Encoding: chunked`, as some crawlers keep it) is read back joined.
    public init?(parsing block: Data) {
        guard let end = block.range(of: Data([0x0D, 0x0A, 0x0D, 0x0A])) else { return nil }
        let lines = String(decoding: block[block.startIndex..<end.lowerBound], as: UTF8.self)
            .components(separatedBy: "\r\n")
        guard let first = lines.first, !first.isEmpty else { return nil }
        startLine = first
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return WARCRecord.Field(
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        body = Data(block[end.upperBound...])
        if isChunked, let joined = Self.unchunk(body) {
            body = joined
        }
    }

    /// The body of a chunked transfer, joined; `nil` when it is not well formed.
    public static func unchunk(_ data: Data) -> Data? {
        var joined = Data()
        var at = data.startIndex
        while at < data.endIndex {
            guard let lineEnd = data.range(of: Data([0x0D, 0x0A]), in: at..<data.endIndex) else { return nil }
            let sizeText =
                String(decoding: data[at..<lineEnd.lowerBound], as: UTF8.self)
                .split(separator: ";").first.map(String.init) ?? ""
            // Hex digits only: Int(_:radix:) also takes a sign, and a size of -1 must not reach a range.
            let digits = sizeText.trimmingCharacters(in: .whitespaces)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), digits.count <= 15,
                let size = Int(digits, radix: 16)
            else { return nil }
            if size == 0 { return joined }
            let start = lineEnd.upperBound
            guard data.endIndex - start >= size else { return nil }
            joined.append(data[start..<(start + size)])
            at = start + size + 2
        }
        return nil
    }

    /// A response as delivered to Icebox: `headers` as the client library gave them, `body` as it was
    /// handed over. Where the body is no longer what the wire carried, the header that described the
    /// wire is kept renamed (`X-Archive-Orig-…`, as warcio and pywb do) and one that describes the body
    /// is written: `Transfer-Encoding` (the chunks are joined), `Content-Encoding` (decoded), and a
    /// `Content-Length` that differs from the body's length.
    public static func deliveredResponse(
        status: Int, headers: [(name: String, value: String)], body: Data
    ) -> HTTPMessage {
        var fields: [WARCRecord.Field] = []
        var rewritten = false
        for (name, value) in headers {
            switch name.lowercased() {
            case "transfer-encoding", "content-encoding":
                fields.append(WARCRecord.Field("X-Archive-Orig-\(name)", value))
                rewritten = true
            case "content-length" where Int(value) != body.count:
                fields.append(WARCRecord.Field("X-Archive-Orig-\(name)", value))
                rewritten = true
            default:
                fields.append(WARCRecord.Field(name, value))
            }
        }
        if rewritten || !fields.contains(where: { $0.name.lowercased() == "content-length" }) {
            fields.removeAll { $0.name.lowercased() == "content-length" }
            fields.append(WARCRecord.Field("Content-Length", String(body.count)))
        }
        return HTTPMessage(startLine: "HTTP/1.1 \(status) \(reason(status))", headers: fields, body: body)
    }

    /// The usual reason phrase of a status code.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 410: "Gone"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
