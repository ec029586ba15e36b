import Foundation

/// A web URL taken apart the way routing needs it: scheme, host and decoded path segments.
struct LinkParts: Sendable, Hashable {
    /// `http` or `https`.
    var scheme: String
    /// The lower-cased host, with `:port` when the port is not the scheme's default (the `@host` of
    /// handles, as `ServerAddress.host` writes it).
    var host: String
    /// Percent-decoded, non-empty path segments, without a leading `web` or `deck` (Mastodon's
    /// web-app prefixes, which name the same pages).
    var segments: [String]

    /// Takes `url` apart, or says why it is no web link. Query and fragment are ignored.
    static func parse(_ url: URL) -> Result<LinkParts, URLResolution.Reason> {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let rawScheme = components.scheme, !rawScheme.isEmpty
        else { return .failure(.relative) }
        let scheme = rawScheme.lowercased()
        guard scheme == "http" || scheme == "https" else { return .failure(.unsupportedScheme(scheme)) }
        guard var name = components.host?.lowercased(), !name.isEmpty else { return .failure(.noHost) }
        if name.contains(":"), !name.hasPrefix("[") { name = "[\(name)]" }
        let defaultPort = scheme == "https" ? 443 : 80
        if let port = components.port, port != defaultPort { name += ":\(port)" }
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true)
            .map { String($0).removingPercentEncoding ?? String($0) }
        if segments.count > 1, segments[0] == "web" || segments[0] == "deck" { segments.removeFirst() }
        return .success(LinkParts(scheme: scheme, host: name, segments: segments))
    }

    /// `scheme://host[:port]/segment/…` with each segment minimally percent-encoded.
    var normalizedURL: URL? {
        let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? $0 }
        return URL(string: "\(scheme)://\(host)/" + path.joined(separator: "/"))
    }

    private static let segmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;")
        return set
    }()
}

/// Checks on the pieces of a path.
enum Segment {
    /// A server's status id: ASCII letters, digits, `-` and `_` (snowflakes, ULIDs, flake ids, UUIDs,
    /// Misskey ids), 1 to 128 long.
    static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 128
            && text.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "-" || $0 == "_") }
    }

    /// A username: letters, digits, `_`, `.` and `-` (Mastodon allows `_`; others `.` and `-`).
    static func isUsername(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
    }

    /// A hashtag without `#`: letters, digits, `_`, `·` and emoji, as Mastodon accepts.
    static func isTag(_ text: String) -> Bool {
        !text.isEmpty
            && text.allSatisfy { character in
                character.isLetter || character.isNumber || character == "_" || character == "·"
                    || character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
            }
    }

    /// `@user` → `user@host`; `@user@other` → `user@other` (lower-case host). `nil` when not a handle.
    static func handle(_ text: String, host: String) -> String? {
        guard text.hasPrefix("@") else { return nil }
        return qualified(String(text.dropFirst()), host: host)
    }

    /// `user` → `user@host`; `user@other` → `user@other`. `nil` when not a username.
    static func qualified(_ text: String, host: String) -> String? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard Segment.isUsername(parts[0]) else { return nil }
        guard parts.count == 2 else { return "\(parts[0])@\(host)" }
        let domain = parts[1].lowercased()
        guard !domain.isEmpty, domain.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) })
        else { return nil }
        return "\(parts[0])@\(domain)"
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
