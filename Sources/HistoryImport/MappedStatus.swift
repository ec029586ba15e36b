import Foundation
import Models

/// A status mapped from an ActivityPub object, in the Mastodon API's shape: what the archive keeps as
/// its JSON (encoded with sorted keys, absent values left out).
struct MappedStatus: Encodable {
    var id: String
    var uri: String
    var url: String
    var createdAt: String
    var editedAt: String?
    var account: MappedAccount
    var content: String
    var spoilerText: String
    var visibility: String
    var sensitive: Bool
    var language: String?
    var inReplyToID: String?
    var mediaAttachments: [Attachment]
    /// The API's own mention record (``Models/Mention``): the same four fields, encoded the same way.
    var mentions: [Models.Mention]
    var tags: [Tag]
    var emojis: [Emoji]
    var poll: Poll?
    var repliesCount = 0
    var reblogsCount = 0
    var favouritesCount = 0

    /// The encoder whose output ``json(account:)`` matches.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    enum CodingKeys: String, CodingKey {
        case id, uri, url, account, content, visibility, sensitive, language, mentions, tags, emojis, poll
        case createdAt = "created_at"
        case editedAt = "edited_at"
        case spoilerText = "spoiler_text"
        case inReplyToID = "in_reply_to_id"
        case mediaAttachments = "media_attachments"
        case repliesCount = "replies_count"
        case reblogsCount = "reblogs_count"
        case favouritesCount = "favourites_count"
    }

    struct Attachment: Encodable {
        var id: String
        var type: String
        var url: String?
        var description: String?
        var blurhash: String?
        var meta: Meta?

        struct Meta: Encodable {
            var original: Size
        }

        struct Size: Encodable {
            var width: Int
            var height: Int
        }
    }

    struct Tag: Encodable {
        var name: String
        var url: String
    }

    struct Emoji: Encodable {
        var shortcode: String
        var url: String
        var staticURL: String
        var visibleInPicker = false

        enum CodingKeys: String, CodingKey {
            case shortcode, url
            case staticURL = "static_url"
            case visibleInPicker = "visible_in_picker"
        }
    }

    struct Poll: Encodable {
        var id: String
        var multiple: Bool
        var options: [Option]
        var emojis: [String] = []
        var votesCount: Int
        var expired: Bool
        var expiresAt: String?
        var votersCount: Int?

        enum CodingKeys: String, CodingKey {
            case id, multiple, options, emojis, expired
            case votesCount = "votes_count"
            case expiresAt = "expires_at"
            case votersCount = "voters_count"
        }

        struct Option: Encodable {
            var title: String
            var votesCount: Int

            enum CodingKeys: String, CodingKey {
                case title
                case votesCount = "votes_count"
            }
        }
    }
}

/// The export's account as a Mastodon API account object.
struct MappedAccount: Encodable, Sendable {
    var id: String
    var username: String
    var acct: String
    var uri: String
    var url: String
    var displayName: String
    var note: String
    var bot: Bool
    var locked: Bool
    var createdAt: String?
    var followersCount = 0
    var followingCount = 0
    var fields: [String] = []
    var emojis: [String] = []

    enum CodingKeys: String, CodingKey {
        case id, username, acct, uri, url, note, bot, locked, fields, emojis
        case displayName = "display_name"
        case createdAt = "created_at"
        case followersCount = "followers_count"
        case followingCount = "following_count"
    }
}
