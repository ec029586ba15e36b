import Foundation

/// What a pinned timeline is, written the way users type it: `home`, `local`, `federated`,
/// `tag:swift`, `list:42`, `bookmarks`, `favourites`, `own`, `mentions`, `notifications`, `conversations`,
/// `remote:fosstodon.org`
/// (that server's local timeline, read without login) or `tag:swift@fosstodon.org` (a hashtag on any
/// server, without login).
public enum TimelineSpec: Hashable, Sendable, CustomStringConvertible {
    case home
    case local
    case federated
    case tag(String)
    case list(String)
    case bookmarks
    case favourites
    /// The account's own posts, boosts included.
    case own
    /// Notifications of type mention: replies to the user.
    case mentions
    /// Every notification, of every type, each kept whole, and the statuses they are about.
    case notifications
    /// Direct-message conversations, each kept whole, and their last statuses.
    case conversations
    /// Another server's local timeline, read anonymously. `server` is a host or a URL.
    case remote(server: String)
    /// A hashtag on another server, read anonymously.
    case remoteTag(tag: String, server: String)

    /// Why a spec was not understood.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String {
            "unknown timeline \"\(text)\": \(reason). Use one of: home, local, federated, tag:NAME, list:ID, "
                + "bookmarks, favourites, own, mentions, notifications, conversations, remote:SERVER, tag:NAME@SERVER"
        }
    }

    public init(parsing text: String) throws(Invalid) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch trimmed.lowercased() {
        case "home":
            self = .home
            return
        case "local":
            self = .local
            return
        case "federated", "public":
            self = .federated
            return
        case "bookmarks":
            self = .bookmarks
            return
        case "favourites", "favorites":
            self = .favourites
            return
        case "own":
            self = .own
            return
        case "mentions":
            self = .mentions
            return
        case "notifications":
            self = .notifications
            return
        case "conversations":
            self = .conversations
            return
        default: break
        }
        guard let colon = trimmed.firstIndex(of: ":") else { throw Invalid(text: text, reason: "not a timeline name") }
        let kind = trimmed[..<colon].lowercased()
        let value = String(trimmed[trimmed.index(after: colon)...])
        guard !value.isEmpty else { throw Invalid(text: text, reason: "\(kind): needs a value") }
        switch kind {
        case "tag":
            if let at = value.firstIndex(of: "@") {
                let tag = try Self.tagName(String(value[..<at]), in: text)
                let server = String(value[value.index(after: at)...])
                guard !server.isEmpty else { throw Invalid(text: text, reason: "no server after @") }
                self = .remoteTag(tag: tag, server: server)
            } else {
                self = .tag(try Self.tagName(value, in: text))
            }
        case "list":
            guard value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw Invalid(text: text, reason: "a list id is letters and digits")
            }
            self = .list(value)
        case "remote":
            self = .remote(server: value)
        default:
            throw Invalid(text: text, reason: "\"\(kind):\" is not a timeline kind")
        }
    }

    private static func tagName(_ raw: String, in text: String) throws(Invalid) -> String {
        let name = raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0.isEmoji }) else {
            throw Invalid(text: text, reason: "a hashtag is letters, digits and _")
        }
        return name
    }

    /// The spec as pinned and compared: hashtags are one whatever their case (#Photography is
    /// #photography on every server), so they are in lower case and the same tag cannot be pinned twice.
    public var canonical: TimelineSpec {
        switch self {
        case .tag(let tag): .tag(tag.lowercased())
        case .remoteTag(let tag, let server): .remoteTag(tag: tag.lowercased(), server: server)
        default: self
        }
    }

    /// The canonical text, as stored and shown.
    public var description: String {
        switch self {
        case .home: "home"
        case .local: "local"
        case .federated: "federated"
        case .tag(let tag): "tag:\(tag)"
        case .list(let id): "list:\(id)"
        case .bookmarks: "bookmarks"
        case .favourites: "favourites"
        case .own: "own"
        case .mentions: "mentions"
        case .notifications: "notifications"
        case .conversations: "conversations"
        case .remote(let server): "remote:\(server)"
        case .remoteTag(let tag, let server): "tag:\(tag)@\(server)"
        }
    }

    /// Whether the timeline is read with one of the user's accounts (otherwise anonymously).
    public var needsAccount: Bool {
        switch self {
        case .remote, .remoteTag: false
        default: true
        }
    }

    /// The server named in the spec, for timelines read without login.
    public var anonymousServer: String? {
        switch self {
        case .remote(let server), .remoteTag(_, let server): server
        default: nil
        }
    }

    /// The same timeline with its server written another way (canonicalised by the caller).
    public func with(server: String) -> TimelineSpec {
        switch self {
        case .remote: .remote(server: server)
        case .remoteTag(let tag, _): .remoteTag(tag: tag, server: server)
        default: self
        }
    }
}

extension Character {
    fileprivate var isEmoji: Bool { unicodeScalars.contains { $0.properties.isEmojiPresentation } }
}
