import Foundation

/// A status URL, normalised, with the host and the status's id on that host: how a front end finds
/// the status a `remoteStatusDetail(url:)` route names.
///
/// Look the status up first by `url` as a status `uri` or `url`, then by `(host, localID)`: the
/// archive keeps each server's own id for every status it read there. `localID` is `nil` for links
/// that carry no server id (Pleroma's `/objects/UUID`, which is only ever a uri).
public struct StatusLink: Hashable, Sendable {
    /// The normalised link: lower-case scheme and host, no default port, no query, fragment or
    /// trailing slash, no `/web` or `/deck` prefix, path segments minimally percent-encoded.
    public var url: URL
    /// The lower-cased host, with `:port` when not the default.
    public var host: String
    /// The status's id on `host`, when the path carries it.
    public var localID: String?

    /// The status `url` links to, or `nil` when it is not a status link (see `RouterDestination.resolve(url:)`).
    /// Normalising is idempotent: `StatusLink(url: link.url) == link`.
    public init?(url: URL) {
        guard case .success(let parts) = LinkParts.parse(url),
            case .status(let localID) = LinkTarget.of(parts.segments, host: parts.host),
            let normalized = parts.normalizedURL
        else { return nil }
        self.url = normalized
        host = parts.host
        self.localID = localID
    }
}
