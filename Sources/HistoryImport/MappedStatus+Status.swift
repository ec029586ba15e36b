import Foundation
import Models

extension MappedStatus {
    /// The status as the archive decodes it from ``json(account:)``, built without decoding: what
    /// `Status(from:)` reads of each field (an empty text is none, a negative count is 0, a date that
    /// does not parse makes the status unreadable). `account` is the account, decoded once per import.
    func status(account: Account) throws(UnmappedStatus) -> Status {
        var status = Status(
            id: id, uri: uri, createdAt: try Self.date(createdAt, "created_at", id: id), account: account,
            content: content)
        status.url = Self.text(url)
        status.editedAt = try editedAt.map { text throws(UnmappedStatus) in try Self.date(text, "edited_at", id: id) }
        status.spoilerText = spoilerText
        status.visibility = Visibility(rawValue: visibility)
        status.sensitive = sensitive
        status.language = language.flatMap(Self.text)
        status.inReplyToID = inReplyToID
        status.mediaAttachments = mediaAttachments.map { media in
            MediaAttachment(
                id: media.id, type: MediaType(rawValue: media.type), url: media.url.flatMap(Self.text),
                description: media.description.flatMap(Self.text), blurhash: media.blurhash.flatMap(Self.text),
                meta: media.meta.map {
                    .init(
                        original: .init(
                            width: Self.positive($0.original.width),
                            height: Self.positive($0.original.height)))
                })
        }
        status.mentions = mentions.map {
            var mention = $0
            if mention.acct.isEmpty { mention.acct = mention.username }
            return mention
        }
        status.tags = tags.map { Models.Tag(name: $0.name, url: Self.text($0.url)) }
        status.emojis = emojis.map {
            CustomEmoji(shortcode: $0.shortcode, url: $0.url, staticURL: Self.text($0.staticURL))
        }
        if let poll {
            status.poll = Models.Poll(
                id: poll.id,
                expiresAt: try poll.expiresAt.map { text throws(UnmappedStatus) in
                    try Self.date(text, "poll.expires_at", id: id)
                },
                expired: poll.expired, multiple: poll.multiple, votesCount: max(0, poll.votesCount),
                votersCount: poll.votersCount.map { max(0, $0) },
                options: poll.options.map { Models.Poll.Option(title: $0.title, votesCount: $0.votesCount) })
        }
        return status
    }

    private static func date(_ text: String, _ field: String, id: String) throws(UnmappedStatus) -> Date {
        guard let date = MastodonDate.parse(text) else {
            throw UnmappedStatus(
                description: "status (id \(id)) could not be read: \(field): not an RFC 3339 date: \"\(text)\"")
        }
        return date
    }

    private static func text(_ value: String) -> String? { value.isEmpty ? nil : value }

    private static func positive(_ value: Int) -> Int? { value > 0 ? value : nil }
}

/// Why a mapped status cannot be archived, in the words the archive's decoder uses.
struct UnmappedStatus: Error, CustomStringConvertible {
    var description: String
}
