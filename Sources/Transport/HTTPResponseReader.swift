import Foundation

/// Reads an HTTP/1.1 response as its bytes arrive: the status line and headers (at most 64 KiB), then
/// the body, de-chunked when `Transfer-Encoding: chunked`, handed on piece by piece. What an event
/// stream needs and nothing more (no redirects, no compression, no keep-alive).
public struct HTTPResponseReader: Sendable {
    /// Why the bytes are not an HTTP response.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case malformed(String)
        public var description: String {
            switch self {
            case .malformed(let reason): "the server's answer is not HTTP: \(reason)"
            }
        }
    }

    /// What the bytes fed so far completed.
    public struct Progress: Sendable {
        /// The status and headers (lower-cased names), once, when the head is complete.
        public var head: (status: Int, headers: [String: String])?
        /// Body bytes.
        public var body = Data()
    }

    private enum State: Sendable {
        case head
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case identity
        case done
    }

    private static let maxHead = 64 << 10
    private var state = State.head
    private var buffer = Data()

    /// A reader that has seen nothing yet.
    public init() {}

    /// Feeds the bytes that came; returns what they completed (head, body bytes).
    public mutating func feed(_ bytes: Data) throws(Failure) -> Progress {
        var progress = Progress()
        buffer.append(bytes)
        while true {
            switch state {
            case .head:
                guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else {
                    guard buffer.count <= Self.maxHead else { throw .malformed("headers longer than 64 KiB") }
                    return progress
                }
                let head = try Self.parseHead(buffer[buffer.startIndex..<end.lowerBound])
                buffer = Data(buffer[end.upperBound...])
                progress.head = head
                state =
                    head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true ? .chunkSize : .identity
            case .chunkSize:
                guard let end = buffer.range(of: Data("\r\n".utf8)) else {
                    guard buffer.count <= 1024 else { throw .malformed("a chunk size line longer than 1 KiB") }
                    return progress
                }
                let line = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
                buffer = Data(buffer[end.upperBound...])
                let hex = line.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard hex.count <= 8, let size = Int(hex, radix: 16) else {
                    throw .malformed("a chunk size of \"\(line.prefix(20))\"")
                }
                state = size == 0 ? .done : .chunkData(remaining: size)
            case .chunkData(let remaining):
                guard !buffer.isEmpty else { return progress }
                let take = min(remaining, buffer.count)
                progress.body.append(buffer.prefix(take))
                buffer = Data(buffer.dropFirst(take))
                state = take == remaining ? .chunkEnd : .chunkData(remaining: remaining - take)
            case .chunkEnd:
                guard buffer.count >= 2 else { return progress }
                guard buffer.prefix(2) == Data("\r\n".utf8) else { throw .malformed("a chunk not followed by CRLF") }
                buffer = Data(buffer.dropFirst(2))
                state = .chunkSize
            case .identity:
                progress.body.append(buffer)
                buffer = Data()
                return progress
            case .done:
                buffer = Data()
                return progress
            }
        }
    }

    private static func parseHead(_ bytes: Data) throws(Failure) -> (status: Int, headers: [String: String]) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        guard let first = lines.first, let head = HTTPHeadLine.status(first), head.version.hasPrefix("HTTP/1.") else {
            throw .malformed("a status line of \"\(lines.first?.prefix(40) ?? "")\"")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let field = HTTPHeadLine.field(line) else { continue }
            headers[field.name.lowercased()] = field.value
        }
        return (head.status, headers)
    }
}
