import Foundation

/// An HTTP method the client uses.
public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case post = "POST"
}

/// One API call: where it goes, with which query, by which method. Modelled on Ice Cubes' endpoint enums.
public protocol Endpoint: Sendable {
    /// The path below the server's base URL, starting with `/`.
    var path: String { get }
    /// Query items (GET) or form fields (POST), without pagination cursors.
    var queryItems: [URLQueryItem] { get }
    var method: HTTPMethod { get }
    /// Whether the call needs a user token (used to word errors; the server has the last word).
    var requiresToken: Bool { get }
}

extension Endpoint {
    public var method: HTTPMethod { .get }
    public var queryItems: [URLQueryItem] { [] }
}

/// Percent-encodes a path segment (a tag name or id from the user).
func segment(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#")))
        ?? text
}
