import Foundation

/// A Mastodon server's base URL, checked: `https://` unless the host is loopback, where `http://` is
/// allowed for test servers. Given as a host (`mastodon.social`) or a URL.
public struct ServerAddress: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `https://host[:port]` or, for loopback only, `http://…`; no path, no trailing slash.
    public let url: URL

    /// Why a server address was refused.
    public enum Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case unparseable(String)
        case unsupportedScheme(String)
        case plainHTTPNotLoopback(String)
        case hasPath(String)

        public var description: String {
            switch self {
            case .empty: "no server given"
            case .unparseable(let text):
                "\"\(text)\" is not a server address (give a host like mastodon.social or a URL)"
            case .unsupportedScheme(let text):
                "\"\(text)\": give https:// (or http:// for a test server on loopback: 127.0.0.1, localhost, ::1)"
            case .plainHTTPNotLoopback(let text):
                "\"\(text)\": plain http:// is allowed only for loopback test servers (127.0.0.1, localhost, ::1); use https://"
            case .hasPath(let text): "\"\(text)\": give the server's address without a path"
            }
        }
    }

    public init(_ text: String) throws(Invalid) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        let withScheme = trimmed.contains("://") ? trimmed : "https://\(trimmed)"
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty,
            components.user == nil, components.query == nil, components.fragment == nil
        else { throw .unparseable(trimmed) }
        let scheme = components.scheme?.lowercased() ?? ""
        guard scheme == "https" || scheme == "http" else { throw .unsupportedScheme(trimmed) }
        if scheme == "http", !Self.isLoopback(host) { throw .plainHTTPNotLoopback(trimmed) }
        guard components.path.isEmpty || components.path == "/" else { throw .hasPath(trimmed) }
        var clean = URLComponents()
        clean.scheme = scheme
        clean.host = host.lowercased()
        clean.port = components.port
        guard let url = clean.url else { throw .unparseable(trimmed) }
        self.url = url
    }

    /// The host, with the port when it is not the default: the `@host` part of handles.
    public var host: String {
        let name = url.host ?? ""
        guard let port = url.port else { return name }
        return "\(name):\(port)"
    }

    public var description: String { url.absoluteString }

    /// Whether `host` is a loopback address: `localhost`, `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" || bare.hasSuffix(".localhost") { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { try self.init(text) } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(url.absoluteString)
    }
}
