import Foundation

/// Where `icebox serve` listens: `host:port`, `[v6]:port`, or a bare port on 127.0.0.1.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host as written, without brackets (`127.0.0.1`, `::1`, `localhost`, `192.0.2.7`).
    public var host: String
    /// The port; 0 asks the system for a free one (tests).
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `127.0.0.1:8080`, `[::1]:8080`, `localhost:8080` or `8080`.
    public init(parsing text: String) throws(ReaderError) {
        let (host, portText): (Substring, Substring)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw .badListen(text) }
            portText = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = "127.0.0.1"
            portText = Substring(text)
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" }),
            let port = Int(portText), (0...65535).contains(port)
        else { throw .badListen(text) }
        self.init(host: String(host), port: port)
    }

    /// Whether only this machine can reach the address: `localhost`, 127.0.0.0/8 or `::1`.
    public var isLoopback: Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" || lower == "0:0:0:0:0:0:0:1" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `host:port`, with brackets around an IPv6 host: what a browser sends as `Host`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
