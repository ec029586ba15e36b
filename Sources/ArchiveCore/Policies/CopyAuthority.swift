import Foundation
import Models

/// How far a copy of a post is to be believed, by the server it came from. The same post reaches the
/// archive from many servers; each sends its own copy, and any of them could lie about another
/// server's post. The copy the archive shows is the most authoritative one it has.
public enum CopyAuthority: Int, Sendable, Hashable, Comparable, Codable {
    /// A file imported from elsewhere (Mastodon's own export, another archiver): any server's copy of
    /// the post replaces it, and it is kept among the copies; it replaces nothing.
    case imported = 0
    /// A server read anonymously (`remote:`, `tag:NAME@SERVER`): anybody's server.
    case anonymous = 1
    /// A server one of the user's accounts is on: chosen and trusted by the user.
    case account = 2
    /// The post's own server: the host of its `uri`.
    case origin = 3

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The authority of `status` as served by `server` (host with port) to a reader of `authority`.
    public static func of(_ status: Status, servedBy server: String, reading authority: CopyAuthority) -> CopyAuthority
    {
        guard authority != .imported, status.identity == .uri, let host = authorityPart(of: status.uri) else {
            return authority
        }
        return host.caseInsensitiveCompare(server) == .orderedSame ? .origin : authority
    }

    /// The `host[:port]` of an http(s) URL, without parsing the rest (this runs once per status stored).
    package static func authorityPart(of uri: String) -> Substring? {
        let rest: Substring
        if uri.hasPrefix("https://") {
            rest = uri.dropFirst(8)
        } else if uri.hasPrefix("http://") {
            rest = uri.dropFirst(7)
        } else {
            return nil
        }
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end]
        // user:password@host is no server's uri; refuse rather than compare the wrong part.
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return authority
    }

    /// What storing an incoming copy does to the stored one.
    package enum Decision: Equatable {
        /// A newer edit from a source as authoritative: the stored copy becomes an earlier version.
        case replaceAsEdit
        /// A more authoritative source: the stored copy is kept among the other copies.
        case replaceFromBetterSource
        /// Not shown (less authoritative, or dated in the future), but different: kept among the copies.
        case keepAsCopy
        /// Nothing new.
        case none
    }

    /// How long an edit date may lie ahead of this machine's clock (servers' clocks differ a little)
    /// before it counts as in the future, which never wins.
    package static let clockSkew: TimeInterval = 3600

    /// Decides between a stored copy and an incoming one of the same post.
    package static func decide(
        incoming: CopyAuthority, incomingEdit: Date?, incomingContent: String,
        stored: CopyAuthority, storedEdit: String?, storedContent: String, now: Date
    ) -> Decision {
        let edit = incomingEdit.map(Timestamp.string)
        let differs = edit != storedEdit || incomingContent != storedContent
        if incoming > stored { return .replaceFromBetterSource }
        if incoming < stored { return differs ? .keepAsCopy : .none }
        // An anonymous server speaks only for its own host's posts (those come as `.origin`): its word
        // on another host's post, a `status.update` or a newer edit, is kept among the copies, never shown.
        if incoming == .anonymous { return differs ? .keepAsCopy : .none }
        guard let incomingEdit, let edit else { return .none }
        if incomingEdit > now.addingTimeInterval(clockSkew) { return differs ? .keepAsCopy : .none }
        return storedEdit.map { edit > $0 } ?? true ? .replaceAsEdit : .none
    }
}
