import Foundation

/// One element of outbox.json's `orderedItems`: an activity, with the object it carries. Decoded once;
/// every field leniently (see ``ActivityValue``), so any JSON object decodes.
struct OutboxActivity: Decodable {
    var type: String?
    var id: String?
    var published: String?
    var object: Object?
    /// The addressing (an `Announce`'s says the boost's visibility).
    var to: [String] = []
    var cc: [String] = []

    /// What the activity is about: a status's uri, the status itself, or something else.
    enum Object {
        case uri(String)
        case object(ActivityObject)
        case other
    }

    private enum Key: String, CodingKey { case type, id, published, object, to, cc }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        type = c.loose(String.self, .type)
        id = c.loose(String.self, .id)
        published = c.loose(String.self, .published)
        to = c.addresses(.to)
        cc = c.addresses(.cc)
        if let uri = c.loose(String.self, .object) {
            object = .uri(uri)
        } else if let found = c.loose(ActivityObject.self, .object) {
            object = .object(found)
        } else {
            object = c.contains(.object) ? .other : nil
        }
    }
}

/// What the mapper reads of an ActivityPub object (a `Note`, a `Question`…).
struct ActivityObject: Decodable {
    var id: String?
    var type: String?
    var published: String?
    var updated: String?
    var content: String?
    /// `contentMap`'s languages, sorted, each with its text when it is a string.
    var contentMap: [(language: String, content: String?)]?
    var summary: String?
    var sensitive: Bool?
    var to: [String]
    var cc: [String]
    var url: String?
    var inReplyTo: String?
    var tags: [ActivityTag]
    var attachments: [ActivityAttachment]
    /// A `Question`'s options: `anyOf` (several may be chosen) or `oneOf`.
    var multipleChoice: Bool
    var choices: [PollChoice]
    var endTime: String?
    /// Whether `closed` is there (even `null`), and the date it gives.
    var closed: Bool
    var closedAt: String?
    var votersCount: Int?

    private enum Key: String, CodingKey {
        case id, type, published, updated, content, contentMap, summary, sensitive, to, cc, url, inReplyTo, tag
        case attachment, anyOf, oneOf, endTime, closed, votersCount
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        id = c.loose(String.self, .id)
        type = c.loose(String.self, .type)
        published = c.loose(String.self, .published)
        updated = c.loose(String.self, .updated)
        content = c.loose(String.self, .content)
        if let map = try? c.nestedContainer(keyedBy: ActivityValue.AnyKey.self, forKey: .contentMap) {
            contentMap = map.allKeys.sorted { $0.stringValue < $1.stringValue }
                .map { ($0.stringValue, map.loose(String.self, $0)) }
        }
        summary = c.loose(String.self, .summary)
        sensitive = c.boolean(.sensitive)
        to = c.addresses(.to)
        cc = c.addresses(.cc)
        url = c.link(.url)
        inReplyTo = c.link(.inReplyTo)
        tags = c.objects(ActivityTag.self, .tag)
        attachments = c.objects(ActivityAttachment.self, .attachment)
        multipleChoice = c.contains(.anyOf)
        choices = type == "Question" ? c.objects(PollChoice.self, multipleChoice ? .anyOf : .oneOf) : []
        endTime = c.loose(String.self, .endTime)
        closed = c.contains(.closed)
        closedAt = c.loose(String.self, .closed)
        votersCount = c.whole(.votersCount)
    }
}

/// An element of `tag`: a `Mention`, a `Hashtag` or an `Emoji`.
struct ActivityTag: Decodable {
    var type: String?
    var href: String?
    var name: String?
    /// An emoji's image (the first `icon`'s `url`).
    var iconURL: String?

    private enum Key: String, CodingKey { case type, href, name, icon }
    private struct Icon: Decodable {
        var url: String?
        private enum Key: String, CodingKey { case url }
        init(from decoder: any Decoder) throws { url = try decoder.container(keyedBy: Key.self).link(.url) }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        type = c.loose(String.self, .type)
        href = c.loose(String.self, .href)
        name = c.loose(String.self, .name)
        iconURL = c.objects(Icon.self, .icon).first?.url
    }
}

/// An element of `attachment`: a `Document` with its alt text (`name`).
struct ActivityAttachment: Decodable {
    var mediaType: String?
    var url: String?
    var name: String?
    var blurhash: String?
    var width: Int?
    var height: Int?

    private enum Key: String, CodingKey { case mediaType, url, name, blurhash, width, height }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        mediaType = c.loose(String.self, .mediaType)
        url = c.link(.url)
        name = c.loose(String.self, .name)
        blurhash = c.loose(String.self, .blurhash)
        width = c.whole(.width)
        height = c.whole(.height)
    }
}

/// An option of a `Question`: its `name` and votes (`replies.totalItems`).
struct PollChoice: Decodable {
    var name: String?
    var votes: Int?

    private enum Key: String, CodingKey { case name, replies }
    private enum RepliesKey: String, CodingKey { case totalItems }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        name = c.loose(String.self, .name)
        votes = (try? c.nestedContainer(keyedBy: RepliesKey.self, forKey: .replies))?.whole(.totalItems)
    }
}
