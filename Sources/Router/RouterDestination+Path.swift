import Foundation
import Models

/// Every route as a path, the form `icebox serve` answers at and the REPL prints, and the parsing back:
/// a route copied from the terminal opens in the browser, and a page's address opens in the REPL.
///
/// | route | path |
/// | --- | --- |
/// | `accountDetail(id:)` | `/accounts/alice@example.social` |
/// | `statusDetail(id:)` | `/statuses/123` (the archive's number, a server's id, or an encoded uri) |
/// | `remoteStatusDetail(url:)` | `/statuses/https%3A%2F%2Fexample.social%2F%40alice%2F1` |
/// | `hashTag(tag:account:)` | `/tags/swift`, `/accounts/alice@example.social/tags/swift` |
/// | `list(list:)` | `/lists/42` |
/// | `searchResults(query:)` | `/search?q=from%3Aalice%20%23swift` |
/// | `pinnedTimeline(spec:)` | `/timelines/tag:swift@fosstodon.org` |
/// | `following(id:)`, `followers(id:)` | `/accounts/alice@example.social/following`, `…/followers` |
/// | `favoritedBy(id:)`, `rebloggedBy(id:)` | `/statuses/123/favourited_by`, `/statuses/123/reblogged_by` |
/// | `conversationDetail(id:)` | `/conversations/42` |
/// | `accountsList(accounts:)` | `/accounts` (the accounts in hand are not in the path: it parses to no route) |
///
/// Each segment is percent-encoded (everything but ASCII letters, digits, `-._~@:`), so an id holding
/// `/`, `?`, `#` or `%` stays one segment; the routes that carry a value in hand (`…WithAccount`,
/// `…WithStatus`) take the path of the route that names it. Parsing is strict: an unknown or extra
/// segment, an empty value, broken percent-encoding or a control character is no route.
extension RouterDestination {
    /// The route's path (with `?q=` for a search).
    public var path: String {
        switch self {
        case .accountDetail(let id):
            return "/accounts/" + Self.segment(id)
        case .accountDetailWithAccount(let account):
            return "/accounts/" + Self.segment(Self.handle(of: account))
        case .statusDetail(let id):
            return "/statuses/" + Self.segment(id)
        case .statusDetailWithStatus(let status):
            return "/statuses/" + Self.segment(status.uri)
        case .remoteStatusDetail(let url):
            return "/statuses/" + Self.segment(url.absoluteString)
        case .hashTag(let tag, nil):
            return "/tags/" + Self.segment(Self.bare(tag))
        case .hashTag(let tag, let account?):
            return "/accounts/" + Self.segment(account) + "/tags/" + Self.segment(Self.bare(tag))
        case .list(let list):
            return "/lists/" + Self.segment(list.id)
        case .searchResults(let query):
            return "/search?q=" + Self.segment(query)
        case .pinnedTimeline(let spec):
            return "/timelines/" + Self.segment(spec)
        case .following(let id):
            return "/accounts/" + Self.segment(id) + "/following"
        case .followers(let id):
            return "/accounts/" + Self.segment(id) + "/followers"
        case .favoritedBy(let id):
            return "/statuses/" + Self.segment(id) + "/favourited_by"
        case .rebloggedBy(let id):
            return "/statuses/" + Self.segment(id) + "/reblogged_by"
        case .conversationDetail(let id):
            return "/conversations/" + Self.segment(id)
        case .accountsList:
            return "/accounts"
        }
    }

    /// The route a path names (`/statuses/123`, `/search?q=…`), or `nil` when it names none.
    ///
    /// A status path holding an `http(s)` link becomes `remoteStatusDetail(url:)` with the link
    /// normalised as `resolve(url:)` does; any other value is `statusDetail(id:)`.
    public init?(path: String) {
        let (route, query) = Self.split(path)
        guard route.hasPrefix("/") else { return nil }
        var parts: [String] = []
        for raw in route.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let part = Self.decoded(raw) else { return nil }
            parts.append(part)
        }
        if parts.last == "" && parts.count > 1 { parts.removeLast() }  // one trailing slash
        guard !parts.contains("") else { return nil }
        switch (parts.first, parts.count) {
        case ("search", 1):
            guard let text = query.flatMap(Self.searchText), !text.isEmpty else { return nil }
            self = .searchResults(query: text)
            return
        case (_, _) where query != nil:
            return nil
        case ("accounts", 2):
            self = .accountDetail(id: parts[1])
        case ("accounts", 3) where parts[2] == "following":
            self = .following(id: parts[1])
        case ("accounts", 3) where parts[2] == "followers":
            self = .followers(id: parts[1])
        case ("statuses", 3) where parts[2] == "favourited_by":
            self = .favoritedBy(id: parts[1])
        case ("statuses", 3) where parts[2] == "reblogged_by":
            self = .rebloggedBy(id: parts[1])
        case ("conversations", 2):
            self = .conversationDetail(id: parts[1])
        case ("accounts", 4) where parts[2] == "tags":
            self = .hashTag(tag: parts[3], account: parts[1])
        case ("statuses", 2):
            let value = parts[1]
            if value.hasPrefix("https://") || value.hasPrefix("http://") {
                guard let url = URL(string: value), let link = StatusLink(url: url) else { return nil }
                self = .remoteStatusDetail(url: link.url)
            } else {
                self = .statusDetail(id: value)
            }
        case ("tags", 2):
            self = .hashTag(tag: parts[1], account: nil)
        case ("lists", 2):
            self = .list(list: ListRef(id: parts[1]))
        case ("timelines", 2):
            guard let spec = try? TimelineSpec(parsing: parts[1]) else { return nil }
            self = .pinnedTimeline(spec)
        default:
            return nil
        }
    }

    /// What a path segment may hold unencoded: RFC 3986's unreserved characters, `@` and `:`.
    private static let segmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@:")

    private static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? ""
    }

    /// A segment's value: percent-decoded, non-empty, with no control character.
    private static func decoded(_ raw: Substring) -> String? {
        guard let value = String(raw).removingPercentEncoding else { return nil }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return value
    }

    private static func split(_ path: String) -> (route: Substring, query: Substring?) {
        let withoutFragment = path.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (withoutFragment, nil) }
        return (withoutFragment[..<mark], withoutFragment[withoutFragment.index(after: mark)...])
    }

    /// The value of `q` in a query (a form's `+` read as a space), or `nil` when it is not there once.
    private static func searchText(_ query: Substring) -> String? {
        let values = query.split(separator: "&").filter { $0.hasPrefix("q=") }.map {
            $0.dropFirst(2).replacingOccurrences(of: "+", with: " ")
        }
        guard values.count == 1, let text = decoded(Substring(values[0])) else { return nil }
        return text
    }

    private static func bare(_ tag: String) -> String {
        tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
    }

    /// An account's `user@host` handle: its `acct` when that has a host, else with the host of its
    /// profile URL; its server id when neither says a host.
    private static func handle(of account: Account) -> String {
        if account.acct.contains("@") { return account.acct }
        if let host = account.url.flatMap(URL.init(string:))?.host(), !host.isEmpty {
            return "\(account.username)@\(host.lowercased())"
        }
        return account.id
    }
}
