import Foundation

/// Who may say that a post is gone: the rule every deletion path goes through (a stream's `delete`
/// event, an id left out of a recheck's answer or answered 404/410, a thread fetch's 404), written once
/// for both stores.
///
/// A server speaks for a post when it is the post's origin (the server its uri belongs to) or a server
/// one of the user's accounts is on (the user's own servers relay their federation's deletes, and the
/// user chose to trust them). Any other server (`remote:` and `tag:NAME@SERVER` timelines are read
/// anonymously from anybody's server) speaks only for its own copy: what it says about a post of
/// another host is recorded against its `status_ids` row, and the post stays as it was.
public enum DeletionAuthority {
    /// What a report of deletions did.
    public struct Outcome: Sendable, Hashable, Codable {
        /// Posts newly marked gone, on the word of a server that speaks for them.
        public var marked = 0
        /// Posts the server does not speak for: only its own copy was marked gone.
        public var copiesOnly = 0

        public init(marked: Int = 0, copiesOnly: Int = 0) {
            self.marked = marked
            self.copiesOnly = copiesOnly
        }
    }

    /// The server (`host[:port]`) that speaks for the post filed under `key` (its archive key: a uri,
    /// a url, `urn:icebox:status:SERVER:ID` for a status with neither, or a Pleroma boost wrapper's
    /// `<uri>#boost-by-<account uri>`), if any can be told from the key.
    package static func origin(of key: String) -> Substring? {
        if let marker = key.range(of: "#boost-by-") {
            return CopyAuthority.authorityPart(of: String(key[marker.upperBound...]))
        }
        let prefix = "urn:icebox:status:"
        if key.hasPrefix(prefix) {
            // SERVER may carry a port (`host:8080`); the id is what follows the last colon.
            let rest = key.dropFirst(prefix.count)
            guard let colon = rest.lastIndex(of: ":"), colon != rest.startIndex else { return nil }
            return rest[..<colon]
        }
        return CopyAuthority.authorityPart(of: key)
    }

    /// The `host[:port]` of each account server (`https://host[:port]`), lowercased.
    package static func accountHosts(_ servers: some Sequence<String>) -> Set<String> {
        Set(servers.compactMap { CopyAuthority.authorityPart(of: $0)?.lowercased() })
    }

    /// Whether `server` (`host[:port]`) may mark the post filed under `key` gone.
    package static func speaks(_ server: String, for key: String, accountHosts: Set<String>) -> Bool {
        let reporter = server.lowercased()
        if accountHosts.contains(reporter) { return true }
        return origin(of: key)?.lowercased() == reporter
    }

    /// Splits reported posts (number and archive key) into those `server` speaks for and the others.
    package static func split(
        _ posts: [(number: Int64, key: String)], reportedBy server: String,
        accountHosts: Set<String>
    ) -> (authoritative: [Int64], copiesOnly: [Int64]) {
        var authoritative: [Int64] = []
        var copiesOnly: [Int64] = []
        for post in posts {
            if speaks(server, for: post.key, accountHosts: accountHosts) {
                authoritative.append(post.number)
            } else {
                copiesOnly.append(post.number)
            }
        }
        return (authoritative, copiesOnly)
    }
}

extension PageOrigin {
    /// The origin with an anonymous read of a server one of the user's accounts is on (`accountHosts`,
    /// from ``DeletionAuthority/accountHosts(_:)``) speaking as that server: the user chose to trust it,
    /// whether its timeline is read with the account's token or without.
    package func speaking(withAccountsOn accountHosts: Set<String>) -> PageOrigin {
        guard authority == .anonymous, accountHosts.contains(server.lowercased()) else { return self }
        var origin = self
        origin.authority = .account
        return origin
    }
}
