import Foundation

/// Maps an ActivityPub object of a Mastodon export (a `Note`, a `Question`…) to the Mastodon API status
/// the archive keeps, following what Mastodon's own serializers write: `content` (or `contentMap`),
/// `summary` as the content warning, visibility from `to`/`cc`, `inReplyTo`, mentions, hashtags and
/// custom emoji from `tag`, attachments with their `name` as alt text, and a `Question`'s options.
struct ActivityMapper: Sendable {
    static let publicCollection: Set<String> = ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"]

    let actor: ExportActor

    /// The status, or why the object cannot be one.
    func status(from object: [String: Any]) -> Result<[String: Any], MappingFailure> {
        guard let uri = object["id"] as? String, !uri.isEmpty else { return .failure(MappingFailure(reason: "the object has no \"id\"")) }
        guard let published = object["published"] as? String else { return .failure(MappingFailure(reason: "\(uri) has no \"published\" date")) }
        let contentMap = object["contentMap"] as? [String: Any]
        let content = (object["content"] as? String) ?? contentMap?.values.lazy.compactMap { $0 as? String }.first ?? ""
        var status: [String: Any] = [
            "id": Self.localID(uri), "uri": uri, "created_at": published, "account": actor.apiAccount,
            "content": content, "spoiler_text": object["summary"] as? String ?? "",
            "visibility": visibility(to: ActivityValue.addresses(object["to"]), cc: ActivityValue.addresses(object["cc"])),
            "sensitive": object["sensitive"] as? Bool ?? false,
            "media_attachments": ActivityValue.objects(object["attachment"]).enumerated().map { attachment($0.element, $0.offset, of: uri) },
            "replies_count": 0, "reblogs_count": 0, "favourites_count": 0,
        ]
        status["url"] = ActivityValue.link(object["url"]) ?? uri
        if let updated = object["updated"] as? String { status["edited_at"] = updated }
        if let language = contentMap?.keys.sorted().first { status["language"] = language }
        if let parent = object["inReplyTo"] as? String ?? ActivityValue.link(object["inReplyTo"]) {
            status["in_reply_to_id"] = replyID(parent)
        }
        let tags = ActivityValue.objects(object["tag"])
        status["mentions"] = tags.filter { $0["type"] as? String == "Mention" }.compactMap(mention)
        status["tags"] = tags.filter { $0["type"] as? String == "Hashtag" }.compactMap(hashtag)
        status["emojis"] = tags.filter { $0["type"] as? String == "Emoji" }.compactMap(emoji)
        if object["type"] as? String == "Question" { status["poll"] = poll(object, id: Self.localID(uri)) }
        return .success(status)
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
              Self.hasServerID(parent) else { return parent }
        return Self.localID(parent)
    }

    private func mention(_ tag: [String: Any]) -> [String: Any]? {
        guard let href = tag["href"] as? String else { return nil }
        var name = (tag["name"] as? String) ?? href
        if name.hasPrefix("@") { name.removeFirst() }
        let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
        let username = parts.first ?? name
        let domain = parts.count == 2 ? parts[1] : URLComponents(string: href)?.host
        let ownHost = actor.server.split(separator: ":").first.map(String.init) ?? actor.server
        let acct = domain == nil || domain == ownHost || domain == actor.server ? username : "\(username)@\(domain ?? "")"
        return ["id": href, "username": username, "url": href, "acct": acct]
    }

    private func hashtag(_ tag: [String: Any]) -> [String: Any]? {
        guard var name = tag["name"] as? String else { return nil }
        if name.hasPrefix("#") { name.removeFirst() }
        return ["name": name, "url": tag["href"] as? String ?? ""]
    }

    private func emoji(_ tag: [String: Any]) -> [String: Any]? {
        guard var name = tag["name"] as? String, let icon = ActivityValue.objects(tag["icon"]).first,
              let url = ActivityValue.link(icon["url"]) else { return nil }
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: ":"))
        return ["shortcode": name, "url": url, "static_url": url, "visible_in_picker": false]
    }

    /// An attachment; a path relative to the export (`media_attachments/files/…`) becomes the server's
    /// URL for it (Mastodon's export drops the scheme, host and `/system/` of the URL).
    private func attachment(_ object: [String: Any], _ position: Int, of uri: String) -> [String: Any] {
        let mediaType = (object["mediaType"] as? String) ?? ""
        let type = mediaType.hasPrefix("image/gif") ? "gifv" : mediaType.hasPrefix("image/") ? "image"
            : mediaType.hasPrefix("video/") ? "video" : mediaType.hasPrefix("audio/") ? "audio" : "unknown"
        let url = ActivityValue.link(object["url"]).map(mediaURL)
        var attachment: [String: Any] = ["id": url.map(Self.mediaID) ?? "\(Self.localID(uri))-\(position)", "type": type]
        attachment["url"] = url
        attachment["description"] = object["name"] as? String
        attachment["blurhash"] = object["blurhash"] as? String
        if let width = object["width"] as? Int, let height = object["height"] as? Int {
            attachment["meta"] = ["original": ["width": width, "height": height]]
        }
        return attachment
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
              files < original else { return url }
        return parts[(files + 1)..<original].joined()
    }

    private func poll(_ object: [String: Any], id: String) -> [String: Any] {
        let multiple = object["anyOf"] != nil
        let options = ActivityValue.objects(object[multiple ? "anyOf" : "oneOf"]).map { option -> [String: Any] in
            let votes = (option["replies"] as? [String: Any])?["totalItems"] as? Int ?? 0
            return ["title": option["name"] as? String ?? "", "votes_count": votes]
        }
        var poll: [String: Any] = [
            "id": id, "multiple": multiple, "options": options, "emojis": [Any](),
            "votes_count": options.reduce(0) { $0 + ($1["votes_count"] as? Int ?? 0) },
            "expired": object["closed"] != nil,
        ]
        poll["expires_at"] = (object["endTime"] as? String) ?? (object["closed"] as? String)
        poll["voters_count"] = object["votersCount"] as? Int
        return poll
    }
}
