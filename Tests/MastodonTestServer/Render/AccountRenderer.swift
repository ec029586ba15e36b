import Foundation

/// Mastodon `Account` JSON for corpus accounts.
extension Store {
    func renderAccount(_ index: Int, base: String) -> JSON {
        let a = accounts[index]
        let domain = a.host ?? host
        let fields: [JSON] = a.fields.map { field in
            [
                "name": .string(field.name), "value": .string(field.value),
                "verified_at": field.verified ? .string(Timestamp.iso8601(a.createdAt)) : .null,
            ]
        }
        let avatar = "\(base)\(a.avatarPath ?? "/media/avatars/\(a.id).png")"
        let header = "\(base)\(a.headerPath ?? "/media/headers/\(a.id).png")"
        return [
            "id": .string(a.id),
            "username": .string(a.username),
            "acct": .string(a.acct()),
            "display_name": .string(a.displayName),
            "locked": .bool(a.locked),
            "bot": .bool(a.bot),
            "discoverable": true,
            "indexable": .bool(a.indexable),
            "group": false,
            "created_at": .string(Timestamp.iso8601(a.createdAt)),
            "note": .string(a.note),
            "url": .string("https://\(domain)/@\(a.username)"),
            "uri": .string("https://\(domain)/users/\(a.username)"),
            "avatar": .string(avatar),
            "avatar_static": .string(avatar),
            "header": .string(header),
            "header_static": .string(header),
            "followers_count": .int(a.followersCount),
            "following_count": .int(a.followingCount),
            "statuses_count": .int(a.statusesCount),
            "last_status_at": .optional(a.lastStatusAt.map(Timestamp.day)),
            "hide_collections": false,
            "noindex": .bool(a.noindex),
            "emojis": .array(a.emojis.map { renderEmoji($0, base: base) }),
            "roles": [],
            "fields": .array(fields),
        ]
    }

    func renderEmoji(_ shortcode: String, base: String) -> JSON {
        [
            "shortcode": .string(shortcode), "url": .string("\(base)/media/emoji/\(shortcode).png"),
            "static_url": .string("\(base)/media/emoji/\(shortcode).png"), "visible_in_picker": true,
        ]
    }
}
