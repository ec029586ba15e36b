import HTTPTypes
import Hummingbird

/// Requests another site made the browser send: refused before anything is read for them, so that a
/// page elsewhere in the owner's browser can neither read the archive (the cookie is `SameSite=Strict`)
/// nor time how long a search takes (XS-Search), nor make the reader burn CPU.
enum CrossSite {
    /// Why `request` came from another site, or `nil`. Browsers say it in `Sec-Fetch-Site` (`cross-site`,
    /// or `same-site` for another port or name of the same host: still another origin); an `Origin`
    /// that is not this reader's (`http://` or, behind a TLS proxy, `https://` and the `Host`) says it too.
    static func reason(_ request: Request, authority: String) -> String? {
        if let site = secFetchSite.flatMap({ request.headers[$0] })?.lowercased(),
            site == "cross-site" || site == "same-site"
        {
            return "a request from another site (Sec-Fetch-Site: \(site))"
        }
        if let origin = request.headers[.origin] {
            let lower = origin.lowercased()
            let own = authority.lowercased()
            guard lower == "http://\(own)" || lower == "https://\(own)" else {
                return "a request from another origin"
            }
        }
        return nil
    }

    private static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")
}
