import Foundation
import Models

/// Maps an ActivityPub object of a Mastodon export (a `Note`, a `Question`…) to the Mastodon API status
/// the archive keeps, following what Mastodon's own serializers write: `content` (or `contentMap`),
/// `summary` as the content warning, visibility from `to`/`cc`, `inReplyTo`, mentions, hashtags and
/// custom emoji from `tag`, attachments with their `name` as alt text, and a `Question`'s options.
struct ActivityMapper: Sendable {
    static let publicCollection: Set<String> = ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"]

    let actor: ExportActor

    /// The status, or why the object cannot be one.
    func status(from object: ActivityObject) -> Result<MappedStatus, MappingFailure> {
        guard let uri = object.id, !uri.isEmpty else {
            return .failure(MappingFailure(reason: "the object has no \"id\""))
        }
        guard let published = object.published else {
            return .failure(MappingFailure(reason: "\(uri) has no \"published\" date"))
        }
        let id = Self.localID(uri)
        let tags = object.tags
        return .success(
            MappedStatus(
                id: id, uri: uri, url: object.url ?? uri, createdAt: published, editedAt: object.updated,
                account: actor.apiAccount,
                content: object.content ?? object.contentMap?.lazy.compactMap(\.content).first ?? "",
                spoilerText: object.summary ?? "", visibility: visibility(to: object.to, cc: object.cc),
                sensitive: object.sensitive ?? false, language: object.contentMap?.first?.language,
                inReplyToID: object.inReplyTo.map(replyID),
                mediaAttachments: object.attachments.enumerated().map { attachment($0.element, $0.offset, of: uri) },
                mentions: tags.filter { $0.type == "Mention" }.compactMap(mention),
                tags: tags.filter { $0.type == "Hashtag" }.compactMap(hashtag),
                emojis: tags.filter { $0.type == "Emoji" }.compactMap(emoji),
                poll: object.type == "Question" ? poll(object, id: id) : nil))
    }

    /// Mastodon's uri ends in the status's id on its server (`…/statuses/<id>`).
    static func localID(_ uri: String) -> String {
        uri.split(separator: "/").last.map(String.init) ?? uri
    }

    /// Whether `localID(uri)` is the server's own id for it (a Mastodon `…/statuses/<digits>` uri).
    static func hasServerID(_ uri: String) -> Bool {
        let parts = uri.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "statuses", let last = parts.last else { return false }
        return last.allSatisfy(\.isASCII) && last.allSatisfy(\.isNumber)
    }

    /// Public collection in `to` → public; in `cc` → unlisted; the followers collection → private;
    /// otherwise (only the people mentioned) → direct.
    func visibility(to: [String], cc: [String]) -> String {
        if to.contains(where: Self.publicCollection.contains) { return "public" }
        if cc.contains(where: Self.publicCollection.contains) { return "unlisted" }
        let followers = actor.followers ?? actor.uri + "/followers"
        if (to + cc).contains(where: { $0 == followers || $0.hasSuffix("/followers") }) { return "private" }
        return "direct"
    }

    /// The parent's id when it is on the account's server; otherwise its uri (a reply all the same).
    private func replyID(_ parent: String) -> String {
        guard let host = URLComponents(string: parent).flatMap(\.host), actor.server.hasPrefix(host),
            Self.hasServerID(parent)
        else { return parent }
        return Self.localID(parent)
    }

    private func mention(_ tag: ActivityTag) -> Models.Mention? {
        guard let href = tag.href else { return nil }
        var name = tag.name ?? href
        if name.hasPrefix("@") { name.removeFirst() }
        let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
        let username = parts.first ?? name
        let domain = parts.count == 2 ? parts[1] : URLComponents(string: href)?.host
        let ownHost = actor.server.split(separator: ":").first.map(String.init) ?? actor.server
        let acct =
            domain == nil || domain == ownHost || domain == actor.server ? username : "\(username)@\(domain ?? "")"
        return Models.Mention(id: href, username: username, url: href, acct: acct)
    }

    private func hashtag(_ tag: ActivityTag) -> MappedStatus.Tag? {
        guard var name = tag.name else { return nil }
        if name.hasPrefix("#") { name.removeFirst() }
        return MappedStatus.Tag(name: name, url: tag.href ?? "")
    }

    private func emoji(_ tag: ActivityTag) -> MappedStatus.Emoji? {
        guard let name = tag.name, let url = tag.iconURL else { return nil }
        return MappedStatus.Emoji(
            shortcode: name.trimmingCharacters(in: CharacterSet(charactersIn: ":")), url: url,
            staticURL: url)
    }

    /// An attachment; a path relative to the export (`media_attachments/files/…`) becomes the server's
    /// URL for it (Mastodon's export drops the scheme, host and `/system/` of the URL).
    private func attachment(_ object: ActivityAttachment, _ position: Int, of uri: String) -> MappedStatus.Attachment {
        let mediaType = object.mediaType ?? ""
        let type =
            mediaType.hasPrefix("image/gif")
            ? "gifv"
            : mediaType.hasPrefix("image/")
                ? "image"
                : mediaType.hasPrefix("video/") ? "video" : mediaType.hasPrefix("audio/") ? "audio" : "unknown"
        let url = object.url.map(mediaURL)
        var meta: MappedStatus.Attachment.Meta?
        if let width = object.width, let height = object.height {
            meta = .init(original: .init(width: width, height: height))
        }
        return MappedStatus.Attachment(
            id: url.map(Self.mediaID) ?? "\(Self.localID(uri))-\(position)", type: type, url: url,
            description: object.name, blurhash: object.blurhash, meta: meta)
    }

    /// The URL an attachment path of the export stands for (an absolute URL stays as it is).
    func mediaURL(_ path: String) -> String {
        if path.hasPrefix("https://") || path.hasPrefix("http://") { return path }
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return "https://\(actor.server)/system/\(relative)"
    }

    /// Mastodon stores attachment `1234567` under `…/files/001/234/567/original/name`: that id back.
    static func mediaID(_ url: String) -> String {
        let parts = url.split(separator: "/")
        guard let files = parts.firstIndex(of: "files"), let original = parts.lastIndex(where: { $0 == "original" }),
            files < original
        else { return url }
        return parts[(files + 1)..<original].joined()
    }

    private func poll(_ object: ActivityObject, id: String) -> MappedStatus.Poll {
        let options = object.choices.map { MappedStatus.Poll.Option(title: $0.name ?? "", votesCount: $0.votes ?? 0) }
        return MappedStatus.Poll(
            id: id, multiple: object.multipleChoice, options: options,
            votesCount: options.reduce(0) { $0 + $1.votesCount }, expired: object.closed,
            expiresAt: object.endTime ?? object.closedAt, votersCount: object.votersCount)
    }
}
