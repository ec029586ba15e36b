import Foundation

/// One earlier (or the current) version of an edited status: `/api/v1/statuses/:id/history`.
public struct StatusEdit: Codable, Hashable, Sendable {
    public var content: String
    public var spoilerText: String
    public var sensitive: Bool
    public var createdAt: Date
    public var account: Account
    public var mediaAttachments: [MediaAttachment]
    public var emojis: [CustomEmoji]
    public var poll: PollOptions?

    /// The poll's options as they were in this version.
    public struct PollOptions: Codable, Hashable, Sendable {
        public var options: [Option]
        public struct Option: Codable, Hashable, Sendable {
            public var title: String
        }
    }

    enum CodingKeys: String, CodingKey {
        case content, sensitive, account, emojis, poll
        case spoilerText = "spoiler_text"
        case createdAt = "created_at"
        case mediaAttachments = "media_attachments"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        content = try c.string(.content)
        spoilerText = try c.string(.spoilerText)
        sensitive = try c.decodeIfPresent(Bool.self, forKey: .sensitive) ?? false
        createdAt = try c.date(.createdAt)
        account = try c.decode(Account.self, forKey: .account)
        mediaAttachments = try c.list(.mediaAttachments)
        emojis = try c.list(.emojis)
        poll = try c.decodeIfPresent(PollOptions.self, forKey: .poll)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(content, forKey: .content)
        try c.encode(spoilerText, forKey: .spoilerText)
        try c.encode(sensitive, forKey: .sensitive)
        try c.encode(MastodonDate.format(createdAt), forKey: .createdAt)
        try c.encode(account, forKey: .account)
        try c.encode(mediaAttachments, forKey: .mediaAttachments)
        try c.encode(emojis, forKey: .emojis)
        try c.encodeIfPresent(poll, forKey: .poll)
    }
}
