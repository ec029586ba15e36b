import Foundation

/// Where a sign-in sends the browser back: only to a URI the app registered, given exactly, or nowhere
/// (`urn:ietf:wg:oauth:2.0:oob`: the code is shown for the owner to copy).
enum OAuthRedirect {
    static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

    /// Why `uri` cannot be registered as a redirect URI (Mastodon's wording), or `nil`.
    static func problem(_ uri: String) -> String? {
        if uri == outOfBand { return nil }
        guard !uri.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
            let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased()
        else { return "Redirect URI must be an absolute URI." }
        if components.fragment != nil { return "Redirect URI cannot contain a fragment." }
        if forbiddenSchemes.contains(scheme) { return "Redirect URI must not use the \(scheme) scheme." }
        if scheme == "http" || scheme == "https", (components.host ?? "").isEmpty {
            return "Redirect URI must be an absolute URI."
        }
        return nil
    }

    /// Schemes that run or show something in the browser itself rather than reach an app.
    private static let forbiddenSchemes: Set<String> = ["javascript", "data", "vbscript", "file", "about", "blob"]

    /// `uri` with `parameters` added to its query, each value percent-encoded.
    static func location(_ uri: String, adding parameters: [(String, String)]) -> String {
        let query = parameters.map { "\($0.0)=\(encoded($0.1))" }.joined(separator: "&")
        return uri + (uri.contains("?") ? "&" : "?") + query
    }

    /// What the approval page's `form-action` must allow besides itself for the browser to follow the
    /// answer's redirect to `uri`: its origin for http(s), its scheme for an app's own (`icecubesapp:`).
    static func formActionSource(_ uri: String) -> String? {
        guard uri != outOfBand, let components = URLComponents(string: uri),
            let scheme = components.scheme?.lowercased(),
            scheme.first?.isLetter == true,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return nil }
        guard scheme == "http" || scheme == "https" else { return scheme + ":" }
        guard let host = components.percentEncodedHost, !host.isEmpty,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        else { return scheme + ":" }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// `value` with everything but RFC 3986's unreserved characters percent-encoded.
    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
