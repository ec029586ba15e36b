import Foundation
import Synchronization

/// The domain of a profile URL (`host`, or `host:port` when it names a port), as `Account.fullHandle`
/// reads it, remembered: a sync asks for the handles of the same few authors several times for each
/// status, and parsing the URL each time (`URLComponents`) was 1.4% of its CPU on the realistic corpus.
/// Bounded in bytes, since servers write the URLs: at most `capacity` URLs of at most `longestURL` bytes
/// each (half a megabyte); a longer URL is parsed each time.
enum ProfileDomains {
    /// The domains read so far, by URL (`nil`: the URL names no host). Emptied when it holds `capacity`.
    private static let known = Mutex<[String: String?]>([:])
    static let capacity = 1_024
    static let longestURL = 512

    static func domain(of url: String) -> String? {
        guard url.utf8.count <= longestURL else { return parse(url) }
        if let domain = known.withLock({ $0[url] }) { return domain }
        let domain = parse(url)
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[url] = domain
        }
        return domain
    }

    /// The bytes of the URLs remembered now.
    static var heldBytes: Int { known.withLock { $0.keys.reduce(0) { $0 + $1.utf8.count } } }

    private static func parse(_ url: String) -> String? {
        let parts = URLComponents(string: url)
        return parts?.host.map { host in parts?.port.map { "\(host):\($0)" } ?? host }
    }
}
