import Foundation

/// One thing a stream said: an event (`update`, `delete`, `status.update`…) with its data, or a
/// comment line (Mastodon's `:thump` heartbeat), which only shows the connection is alive.
public enum ServerEvent: Sendable, Hashable {
    case event(name: String, data: String)
    case heartbeat
}

/// Reads server-sent events from bytes as they arrive, within bounds: a line longer than `maxLine` or
/// an event's data longer than `maxEvent` is refused (a server cannot make the reader hold unbounded
/// bytes), and bytes that are not UTF-8 text are read as replacement characters, never trusted.
public struct ServerSentEventParser: Sendable {
    /// Why a stream was given up.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case lineTooLong(limit: Int)
        case eventTooLarge(limit: Int)

        public var description: String {
            switch self {
            case .lineTooLong(let limit): "the stream sent a line longer than \(limit) bytes"
            case .eventTooLarge(let limit): "the stream sent an event larger than \(limit) bytes"
            }
        }
    }

    public let maxLine: Int
    public let maxEvent: Int
    private var line: [UInt8] = []
    private var name = ""
    private var data: [String] = []
    private var dataBytes = 0

    public init(maxLine: Int = 1 << 20, maxEvent: Int = 4 << 20) {
        self.maxLine = maxLine
        self.maxEvent = maxEvent
    }

    /// The events completed by these bytes, in order.
    public mutating func feed(_ bytes: Data) throws(Failure) -> [ServerEvent] {
        var events: [ServerEvent] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                guard line.count < maxLine else { throw .lineTooLong(limit: maxLine) }
                line.append(byte)
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if let event = try take(String(decoding: line, as: UTF8.self)) { events.append(event) }
            line.removeAll(keepingCapacity: true)
        }
        return events
    }

    /// One complete line: a field, a comment, or the blank line that ends an event.
    private mutating func take(_ text: String) throws(Failure) -> ServerEvent? {
        if text.isEmpty {
            defer {
                name = ""
                data = []
                dataBytes = 0
            }
            guard !data.isEmpty else { return nil }
            return .event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
        }
        if text.hasPrefix(":") { return .heartbeat }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "event": name = String(value)
        case "data":
            dataBytes += value.utf8.count + 1
            guard dataBytes <= maxEvent else { throw .eventTooLarge(limit: maxEvent) }
            data.append(String(value))
        default: break
        }
        return nil
    }
}
