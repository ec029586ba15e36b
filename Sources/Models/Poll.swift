import Foundation

/// A poll attached to a status.
public struct Poll: Codable, Hashable, Sendable {
    public var id: String
    public var expiresAt: Date?
    public var expired: Bool
    public var multiple: Bool
    public var votesCount: Int
    public var votersCount: Int?
    public var options: [Option]
    public var emojis: [CustomEmoji]

    /// One choice; `votesCount` is `nil` while results are hidden.
    public struct Option: Codable, Hashable, Sendable {
        public var title: String
        public var votesCount: Int?
        enum CodingKeys: String, CodingKey {
            case title
            case votesCount = "votes_count"
        }

        public init(title: String, votesCount: Int?) {
            self.title = title
            self.votesCount = votesCount
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, expired, multiple, options, emojis
        case expiresAt = "expires_at"
        case votesCount = "votes_count"
        case votersCount = "voters_count"
    }

    public init(
        id: String, expiresAt: Date?, expired: Bool, multiple: Bool, votesCount: Int, votersCount: Int?,
        options: [Option], emojis: [CustomEmoji] = []
    ) {
        self.id = id
        self.expiresAt = expiresAt
        self.expired = expired
        self.multiple = multiple
        self.votesCount = votesCount
        self.votersCount = votersCount
        self.options = options
        self.emojis = emojis
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.identifier(.id)
        expiresAt = try c.optionalDate(.expiresAt)
        expired = c.flag(.expired) ?? false
        multiple = c.flag(.multiple) ?? false
        votesCount = try c.count(.votesCount)
        votersCount = try c.optionalCount(.votersCount)
        options = try c.list(.options)
        emojis = try c.list(.emojis)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(expiresAt.map(MastodonDate.format), forKey: .expiresAt)
        try c.encode(expired, forKey: .expired)
        try c.encode(multiple, forKey: .multiple)
        try c.encode(votesCount, forKey: .votesCount)
        try c.encodeIfPresent(votersCount, forKey: .votersCount)
        try c.encode(options, forKey: .options)
        try c.encode(emojis, forKey: .emojis)
    }
}
