import Foundation
import Synchronization

/// The domain of a profile URL (`host`, or `host:port` when it names a port), as `Account.fullHandle`
/// reads it, remembered: a sync asks for the handles of the same few authors several times for each
/// status, and parsing the URL each time (`URLComponents`) was 1.4% of its CPU on the realistic corpus.
enum ProfileDomains {
    /// The domains read so far, by URL (`nil`: the URL names no host). Emptied when it holds `capacity`.
    private static let known = Mutex<[String: String?]>([:])
    static let capacity = 1_024

    static func domain(of url: String) -> String? {
        if let domain = known.withLock({ $0[url] }) { return domain }
        let parts = URLComponents(string: url)
        let domain = parts?.host.map { host in parts?.port.map { "\(host):\($0)" } ?? host }
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[url] = domain
        }
        return domain
    }
}
