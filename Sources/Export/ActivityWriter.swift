import Foundation

/// Writes an archived status (Mastodon API JSON) as the ActivityPub object Mastodon's own export holds
/// for it: the inverse of `icebox import mastodon-export`'s mapping (content and `contentMap`, `summary`
/// for the content warning, `to`/`cc` for the visibility, `tag` for mentions, hashtags and custom
/// emoji, `attachment` with alt text as `name`, a poll as a `Question`). Attachment URLs on the
/// account's server become the paths the export stores the files under (`media_attachments/…`).
struct ActivityWriter {
    static let publicCollection = "https://www.w3.org/ns/activitystreams#Public"

    /// The actor's id and followers collection.
    let actor: String
    var followers: String { actor + "/followers" }

    /// The object for `status` (an API status object), with the export path of each attachment.
    func object(for status: [String: Any]) -> (object: [String: Any], mediaPaths: [String?]) {
        let uri = status["uri"] as? String ?? ""
        let content = status["content"] as? String ?? ""
        let (to, cc) = audience(status)
        var object: [String: Any] = [
            "id": uri, "type": status["poll"] is [String: Any] ? "Question" : "Note", "attributedTo": actor,
            "published": status["created_at"] as? String ?? "", "to": to, "cc": cc,
            "sensitive": status["sensitive"] as? Bool ?? false, "content": content,
            "summary": (status["spoiler_text"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? NSNull(),
            "url": status["url"] as? String ?? uri, "inReplyTo": NSNull(),
        ]
        if let language = status["language"] as? String { object["contentMap"] = [language: content] }
        if let edited = status["edited_at"] as? String { object["updated"] = edited }
        object["tag"] = tags(status)
        let media = (status["media_attachments"] as? [[String: Any]]) ?? []
        let paths = media.map { ($0["url"] as? String).map(Self.exportPath) }
        object["attachment"] = zip(media, paths).map { attachment($0, path: $1) }
        if let poll = status["poll"] as? [String: Any] { question(poll, into: &object) }
        return (object, paths)
    }

    /// Where an attachment URL's file goes in the export: under `media_attachments/`, where Mastodon's
    /// export keeps every file and where an import looks for them. A Mastodon URL keeps its path from
    /// `media_attachments/` on (whatever the server puts before it: `/system/`, `/media/`, a bucket); any
    /// other layout (Pleroma's `/media/<uuid>/name`, GoToSocial's `/fileserver/…`) goes under
    /// `media_attachments/files/<host>/` with its whole path, so two hosts' files never share a name.
    /// (An export named files after the URL's path as it was, and its own import found none of them.)
    static func exportPath(_ url: String) -> String {
        let parts = URLComponents(string: url)
        let path = parts?.path ?? url
        if let start = path.range(of: "media_attachments/") {
            return String(path[start.lowerBound...])
        }
        let trimmed = String(path.drop { $0 == "/" })
        guard !trimmed.isEmpty else { return "media_attachments/files/unnamed" }
        let host = parts?.host.map { $0 + (parts?.port.map { ":\($0)" } ?? "") }
        return "media_attachments/files/" + (host.map { "\($0)/" } ?? "") + trimmed
    }

    private func audience(_ status: [String: Any]) -> (to: [String], cc: [String]) {
        let mentioned = ((status["mentions"] as? [[String: Any]]) ?? []).compactMap { $0["url"] as? String }
        switch status["visibility"] as? String {
        case "public": return ([Self.publicCollection], [followers] + mentioned)
        case "unlisted": return ([followers], [Self.publicCollection] + mentioned)
        case "private": return ([followers], mentioned)
        default: return (mentioned, [])
        }
    }

    private func tags(_ status: [String: Any]) -> [[String: Any]] {
        let mentions = ((status["mentions"] as? [[String: Any]]) ?? []).map { mention -> [String: Any] in
            [
                "type": "Mention", "href": mention["url"] as? String ?? "",
                "name": "@" + (mention["acct"] as? String ?? ""),
            ]
        }
        let hashtags = ((status["tags"] as? [[String: Any]]) ?? []).map { tag -> [String: Any] in
            ["type": "Hashtag", "href": tag["url"] as? String ?? "", "name": "#" + (tag["name"] as? String ?? "")]
        }
        let emoji = ((status["emojis"] as? [[String: Any]]) ?? []).map { emoji -> [String: Any] in
            [
                "type": "Emoji", "name": ":\(emoji["shortcode"] as? String ?? ""):",
                "icon": ["type": "Image", "url": emoji["url"] as? String ?? ""],
            ]
        }
        return mentions + hashtags + emoji
    }

    private func attachment(_ media: [String: Any], path: String?) -> [String: Any] {
        var attachment: [String: Any] = [
            "type": "Document", "mediaType": Self.mediaType(media), "url": path ?? NSNull(),
            "name": media["description"] as? String ?? NSNull(),
        ]
        attachment["blurhash"] = media["blurhash"] as? String
        if let original = (media["meta"] as? [String: Any])?["original"] as? [String: Any] {
            attachment["width"] = original["width"] as? Int
            attachment["height"] = original["height"] as? Int
        }
        return attachment
    }

    private static func mediaType(_ media: [String: Any]) -> String {
        let ext = ((media["url"] as? String) ?? "").split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch media["type"] as? String {
        case "image": return ext == "jpg" || ext == "jpeg" ? "image/jpeg" : ext == "webp" ? "image/webp" : "image/png"
        case "gifv": return "image/gif"
        case "video": return "video/mp4"
        case "audio": return "audio/mpeg"
        default: return "application/octet-stream"
        }
    }

    private func question(_ poll: [String: Any], into object: inout [String: Any]) {
        let options = ((poll["options"] as? [[String: Any]]) ?? []).map { option -> [String: Any] in
            [
                "type": "Note", "name": option["title"] as? String ?? "",
                "replies": ["type": "Collection", "totalItems": option["votes_count"] as? Int ?? 0],
            ]
        }
        object[(poll["multiple"] as? Bool) == true ? "anyOf" : "oneOf"] = options
        if let end = poll["expires_at"] as? String {
            object["endTime"] = end
            if (poll["expired"] as? Bool) == true { object["closed"] = end }
        }
        object["votersCount"] = poll["voters_count"] as? Int
    }
}
