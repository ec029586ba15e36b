import Foundation

/// A post, or a boost of one (then `content` is empty and `reblog` holds the post).
public struct Status: Codable, Hashable, Sendable {
    /// The id on the serving server: opaque (snowflake, ULID, flake id…), never a number.
    public var id: String
    /// The ActivityPub id: the same on every server, the archive's key. A server that sends none gets
    /// a fallback (see ``identity``).
    public var uri: String
    /// Where ``uri`` came from: the server's `uri`, or a fallback when it sent none.
    public var identity: StatusIdentity = .uri
    public var url: String?
    public var createdAt: Date
    public var editedAt: Date?
    public var account: Account
    /// HTML.
    public var content: String
    /// The content warning; empty when there is none.
    public var spoilerText: String
    public var visibility: Visibility
    public var sensitive: Bool
    public var language: String?
    public var inReplyToID: String?
    public var inReplyToAccountID: String?
    public var mediaAttachments: [MediaAttachment]
    public var mentions: [Mention]
    public var tags: [Tag]
    public var emojis: [CustomEmoji]
    public var poll: Poll?
    public var card: PreviewCard?
    public var quote: Quote?
    public var repliesCount: Int
    public var reblogsCount: Int
    public var favouritesCount: Int
    /// The app that posted it, when the server says.
    public var application: Application?
    private var boxedReblog: Indirect<Status>?

    /// The boosted post, when this status is a boost.
    public var reblog: Status? {
        get { boxedReblog?.value }
        set { boxedReblog = newValue.map(Indirect.init) }
    }

    /// The post itself: the boosted status for a boost, otherwise this one.
    public var post: Status { reblog ?? self }

    /// The client a status was posted with.
    public struct Application: Codable, Hashable, Sendable {
        public var name: String
        public var website: String?
    }

    enum CodingKeys: String, CodingKey {
        case id, uri, url, account, content, visibility, sensitive, language, mentions, tags, emojis
        case poll, card, quote, reblog, application
        case createdAt = "created_at"
        case editedAt = "edited_at"
        case spoilerText = "spoiler_text"
        case inReplyToID = "in_reply_to_id"
        case inReplyToAccountID = "in_reply_to_account_id"
        case mediaAttachments = "media_attachments"
        case repliesCount = "replies_count"
        case reblogsCount = "reblogs_count"
        case favouritesCount = "favourites_count"
    }

    public init(id: String, uri: String, createdAt: Date, account: Account, content: String) {
        self.id = id
        self.uri = uri
        self.createdAt = createdAt
        self.account = account
        self.content = content
        spoilerText = ""
        visibility = .public
        sensitive = false
        mediaAttachments = []
        mentions = []
        tags = []
        emojis = []
        repliesCount = 0
        reblogsCount = 0
        favouritesCount = 0
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.identifier(.id)
        url = try c.text(.url)
        if let uri = try c.text(.uri) {
            self.uri = uri
        } else if let url {
            uri = url
            identity = .url
        } else {
            guard let server = decoder.userInfo[StatusIdentity.servedByKey] as? String else {
                throw DecodingError.keyNotFound(
                    CodingKeys.uri,
                    DecodingError.Context(
                        codingPath: c.codingPath, debugDescription: "no uri, no url, and the serving server is unknown")
                )
            }
            uri = StatusIdentity.fallbackURI(server: server, id: id)
            identity = .serverID
        }
        createdAt = try c.date(.createdAt)
        editedAt = try c.optionalDate(.editedAt)
        account = try c.decode(Account.self, forKey: .account)
        content = try c.string(.content)
        spoilerText = try c.string(.spoilerText)
        visibility = try c.decodeIfPresent(Visibility.self, forKey: .visibility) ?? .public
        sensitive = c.flag(.sensitive) ?? false
        language = try c.text(.language)
        inReplyToID = try c.optionalIdentifier(.inReplyToID)
        inReplyToAccountID = try c.optionalIdentifier(.inReplyToAccountID)
        mediaAttachments = try c.list(.mediaAttachments)
        mentions = try c.list(.mentions)
        tags = try c.list(.tags)
        emojis = try c.list(.emojis)
        poll = try c.decodeIfPresent(Poll.self, forKey: .poll)
        card = try c.decodeIfPresent(PreviewCard.self, forKey: .card)
        quote = try c.decodeIfPresent(Quote.self, forKey: .quote)
        repliesCount = try c.count(.repliesCount)
        reblogsCount = try c.count(.reblogsCount)
        favouritesCount = try c.count(.favouritesCount)
        application = try? c.decodeIfPresent(Application.self, forKey: .application)
        boxedReblog = try c.decodeIfPresent(Status.self, forKey: .reblog).map(Indirect.init)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(uri, forKey: .uri)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encode(MastodonDate.format(createdAt), forKey: .createdAt)
        try c.encodeIfPresent(editedAt.map(MastodonDate.format), forKey: .editedAt)
        try c.encode(account, forKey: .account)
        try c.encode(content, forKey: .content)
        try c.encode(spoilerText, forKey: .spoilerText)
        try c.encode(visibility, forKey: .visibility)
        try c.encode(sensitive, forKey: .sensitive)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encodeIfPresent(inReplyToID, forKey: .inReplyToID)
        try c.encodeIfPresent(inReplyToAccountID, forKey: .inReplyToAccountID)
        try c.encode(mediaAttachments, forKey: .mediaAttachments)
        try c.encode(mentions, forKey: .mentions)
        try c.encode(tags, forKey: .tags)
        try c.encode(emojis, forKey: .emojis)
        try c.encodeIfPresent(poll, forKey: .poll)
        try c.encodeIfPresent(card, forKey: .card)
        try c.encodeIfPresent(quote, forKey: .quote)
        try c.encode(repliesCount, forKey: .repliesCount)
        try c.encode(reblogsCount, forKey: .reblogsCount)
        try c.encode(favouritesCount, forKey: .favouritesCount)
        try c.encodeIfPresent(application, forKey: .application)
        try c.encodeIfPresent(reblog, forKey: .reblog)
    }
}

/// Where a status's archive key came from. ActivityPub gives every post a `uri`, the same on every
/// server; a few forks leave it out. Such a post is keyed by its `url` (the same on every server that
/// shows it, so copies from several servers still meet), else by the serving server and its id there
/// (`urn:icebox:status:<host>:<id>`: stable on that server, so the next run finds the same row).
public enum StatusIdentity: String, Sendable, Hashable, Codable {
    /// The server's own `uri`.
    case uri
    /// No `uri`: the status's `url`.
    case url
    /// Neither: the serving server and the status's id there.
    case serverID = "server-id"

    /// The `JSONDecoder.userInfo` key holding the host (with port) that served the statuses being decoded.
    public static let servedByKey = CodingUserInfoKey(rawValue: "icebox.servedBy")!

    /// The key of a status with neither `uri` nor `url`.
    public static func fallbackURI(server: String, id: String) -> String { "urn:icebox:status:\(server):\(id)" }
}

extension Status {
    /// The key the archive files this status under: its `uri`, the same on every server.
    ///
    /// Pleroma and Akkoma give a boost wrapper the `uri` of the post it boosts, which would merge the
    /// two; such a wrapper is keyed `<post uri>#boost-by-<booster's account uri or handle>` instead (one
    /// account boosts a post at most once, so the key is unique and stable across servers).
    public var archiveURI: String {
        guard let reblog, reblog.uri == uri else { return uri }
        return "\(uri)#boost-by-\(account.uri ?? account.acct)"
    }
}
