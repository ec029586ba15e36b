import Foundation

/// A server as the archive names it in words and in `status_ids`: `host[:port]`. Timelines keep their
/// server as a URL (`https://host:port/`), status ids and users as a host.
package enum ServerAuthority {
    /// `https://host:port/` → `host:port`; a bare host (or anything without one) as it is.
    package static func of(_ server: String) -> String {
        guard let components = URLComponents(string: server), let host = components.host else { return server }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
