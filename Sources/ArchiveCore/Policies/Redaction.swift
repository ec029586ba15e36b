import Foundation

/// A deleted status's JSON with what the author wrote taken out: what `deletions: redact` keeps.
package enum Redaction {
    /// The members that carry what the post said or showed.
    package static var emptied: [String: Any] {
        [
            "content": "", "text": "", "spoiler_text": "", "media_attachments": [Any](), "tags": [Any](),
            "emojis": [Any](), "poll": NSNull(), "card": NSNull(), "quote": NSNull(),
        ]
    }

    /// `raw` with the post's words, media, poll, card and quote removed (in a boost, the boosted post's
    /// too); the ids, uri, url, author, dates and counts stay, so it reads back as an empty status. JSON
    /// that cannot be read becomes a bare tombstone with the uri.
    package static func redacted(_ raw: Data, uri: String) -> Data {
        guard var object = (try? JSONSerialization.jsonObject(with: raw)) as? [String: Any] else {
            return (try? JSONSerialization.data(withJSONObject: ["uri": uri, "deleted": true])) ?? Data()
        }
        object = emptying(object)
        if let reblog = object["reblog"] as? [String: Any] { object["reblog"] = emptying(reblog) }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            ?? (try? JSONSerialization.data(withJSONObject: ["uri": uri, "deleted": true])) ?? Data()
    }

    private static func emptying(_ object: [String: Any]) -> [String: Any] {
        var object = object
        for (key, value) in emptied where object[key] != nil { object[key] = value }
        if object["sensitive"] != nil { object["sensitive"] = false }
        return object
    }
}
