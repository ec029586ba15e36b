import Foundation

/// What a URL turned into: a route, or why it is not one. Produced without any network access.
public enum URLResolution: Hashable, Sendable {
    /// The URL names something the archive can show.
    case route(RouterDestination)
    /// The URL is not a Mastodon status, account or tag link.
    case notARoute(Reason)

    /// The destination, when the URL was a route.
    public var destination: RouterDestination? {
        if case .route(let destination) = self { return destination }
        return nil
    }

    /// Why a URL is not a route. `description` is a sentence fit for a user; commands may throw it.
    public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
        /// No scheme or no host: a relative URL (`/@alice/1`) or a bare word.
        case relative
        /// A scheme other than `http` or `https` (`mailto`, `ftp`…), lower-cased.
        case unsupportedScheme(String)
        /// `http(s)` but no host (`https:///tags/x`).
        case noHost
        /// A web URL whose path is not a status, account or tag page.
        case unknownPath

        public var description: String {
            switch self {
            case .relative: "not an absolute URL: it names no server"
            case .unsupportedScheme(let scheme): "a \(scheme): URL is not a Mastodon link (only http and https are)"
            case .noHost: "the URL names no server"
            case .unknownPath: "not a Mastodon status, account or tag URL"
            }
        }
    }
}
