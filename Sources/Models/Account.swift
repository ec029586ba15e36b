import Foundation

/// A Mastodon account as the serving server describes it.
public struct Account: Codable, Hashable, Sendable {
    /// The account's id on the serving server (opaque; another server has another id).
    public var id: String
    public var username: String
    /// `user` when local to the serving server, `user@host` otherwise.
    public var acct: String
    public var displayName: String
    /// The ActivityPub actor id: the same on every server.
    public var uri: String?
    public var url: String?
    public var avatar: String?
    public var avatarStatic: String?
    public var header: String?
    /// The profile bio, as HTML.
    public var note: String
    public var bot: Bool
    public var locked: Bool
    public var createdAt: Date?
    /// A date only (`2026-04-11`), kept as the server sent it.
    public var lastStatusAt: String?
    public var followersCount: Int
    public var followingCount: Int
    public var statusesCount: Int?
    public var fields: [Field]
    public var emojis: [CustomEmoji]

    /// A profile metadata field.
    public struct Field: Codable, Hashable, Sendable {
        public var name: String
        public var value: String
        public var verifiedAt: Date?

        enum CodingKeys: String, CodingKey {
            case name, value
            case verifiedAt = "verified_at"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            value = try c.string(.value)
            verifiedAt = try c.optionalDate(.verifiedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(value, forKey: .value)
            try c.encodeIfPresent(verifiedAt.map(MastodonDate.format), forKey: .verifiedAt)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, username, acct, uri, url, avatar, header, note, bot, locked, fields, emojis
        case displayName = "display_name"
        case avatarStatic = "avatar_static"
        case createdAt = "created_at"
        case lastStatusAt = "last_status_at"
        case followersCount = "followers_count"
        case followingCount = "following_count"
        case statusesCount = "statuses_count"
    }

    public init(id: String, username: String, acct: String, displayName: String = "") {
        self.id = id
        self.username = username
        self.acct = acct
        self.displayName = displayName
        note = ""
        bot = false
        locked = false
        followersCount = 0
        followingCount = 0
        fields = []
        emojis = []
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.identifier(.id)
        username = try c.decode(String.self, forKey: .username)
        acct = try c.decodeIfPresent(String.self, forKey: .acct) ?? username
        displayName = try c.string(.displayName)
        uri = try c.text(.uri)
        url = try c.text(.url)
        avatar = try c.text(.avatar)
        avatarStatic = try c.text(.avatarStatic)
        header = try c.text(.header)
        note = try c.string(.note)
        bot = c.flag(.bot) ?? false
        locked = c.flag(.locked) ?? false
        // A profile's own date is not worth losing a post over: unreadable reads as unknown.
        createdAt = (try? c.optionalDate(.createdAt)) ?? nil
        lastStatusAt = (try? c.text(.lastStatusAt)) ?? nil
        followersCount = try c.count(.followersCount)
        followingCount = try c.count(.followingCount)
        statusesCount = try c.optionalCount(.statusesCount)
        fields = try c.list(.fields)
        emojis = try c.list(.emojis)
    }

    /// Writes dates the way servers do (RFC 3339), so an encoded account decodes again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(username, forKey: .username)
        try c.encode(acct, forKey: .acct)
        try c.encode(displayName, forKey: .displayName)
        try c.encodeIfPresent(uri, forKey: .uri)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encodeIfPresent(avatar, forKey: .avatar)
        try c.encodeIfPresent(avatarStatic, forKey: .avatarStatic)
        try c.encodeIfPresent(header, forKey: .header)
        try c.encode(note, forKey: .note)
        try c.encode(bot, forKey: .bot)
        try c.encode(locked, forKey: .locked)
        try c.encodeIfPresent(createdAt.map(MastodonDate.format), forKey: .createdAt)
        try c.encodeIfPresent(lastStatusAt, forKey: .lastStatusAt)
        try c.encode(followersCount, forKey: .followersCount)
        try c.encode(followingCount, forKey: .followingCount)
        try c.encodeIfPresent(statusesCount, forKey: .statusesCount)
        try c.encode(fields, forKey: .fields)
        try c.encode(emojis, forKey: .emojis)
    }

    /// The full handle `user@host`. A local `acct` has no domain: it is taken from the profile URL
    /// (the server's own domain, which can differ from the host the API is served on), else `servedBy`.
    public func fullHandle(servedBy host: String) -> String {
        if acct.contains("@") { return acct }
        // The domain with its port when the profile has one: a server on a port is `host:port` in its
        // mentions, webfinger and ActivityPub ids, and the handle must match them.
        let domain = url.flatMap(ProfileDomains.domain(of:)) ?? host
        return "\(acct)@\(domain)"
    }
}
