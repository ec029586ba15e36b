import Foundation

/// Mastodon `Status` JSON for corpus statuses.
extension Store {
    func statusURI(_ s: StatusRecord) -> String {
        let a = accounts[s.author]
        return "https://\(a.host ?? host)/users/\(a.username)/statuses/\(s.originID)" + (s.isReblog ? "/activity" : "")
    }

    func statusURL(_ s: StatusRecord) -> String {
        let a = accounts[s.author]
        return s.isReblog ? statusURI(s) : "https://\(a.host ?? host)/@\(a.username)/\(s.originID)"
    }

    /// The status JSON (`viewer` adds favourited/bookmarked/…); `.null` for an unknown id.
    func renderStatus(_ id: String, base: String, viewer: Int?) -> JSON {
        guard let s = statuses[id] else { return .null }
        var pairs: [(String, JSON)] = [
            ("id", .string(s.id)),
            ("created_at", .string(Timestamp.iso8601(s.createdAt))),
            ("in_reply_to_id", .optional(s.inReplyToID)),
            ("in_reply_to_account_id", .optional(s.inReplyToAccount.map { accounts[$0].id })),
            ("sensitive", .bool(s.sensitive)),
            ("spoiler_text", .string(s.spoilerText)),
            ("visibility", .string(s.visibility.rawValue)),
            ("language", .optional(s.language)),
            ("uri", .string(statusURI(s))),
            ("url", .string(statusURL(s))),
            ("replies_count", .int(s.repliesCount)),
            ("reblogs_count", .int(s.reblogsCount)),
            ("favourites_count", .int(s.favouritesCount)),
            ("quotes_count", 0),
            ("edited_at", .optional(s.editedAt.map { Timestamp.iso8601($0) })),
        ]
        if let viewer {
            let faved = favourites[viewer, default: []].contains { $0.statusID == id }
            let marked = bookmarks[viewer, default: []].contains { $0.statusID == id }
            pairs += [
                ("favourited", .bool(faved)), ("reblogged", false), ("muted", false),
                ("bookmarked", .bool(marked)),
            ]
            if s.author == viewer { pairs.append(("pinned", false)) }
        }
        pairs += [
            ("content", .string(s.content)),
            ("reblog", s.reblogOf.map { renderStatus($0, base: base, viewer: viewer) } ?? .null),
            (
                "application",
                accounts[s.author].isLocal && !s.isReblog
                    ? ["name": "Web", "website": .null] : .null
            ),
            ("account", renderAccount(s.author, base: base)),
            (
                "media_attachments",
                .array(s.media.map { renderMedia($0, base: base, remote: !accounts[s.author].isLocal) })
            ),
            ("mentions", .array(s.mentions.map { renderMention($0) })),
            (
                "tags",
                .array(
                    s.tags.map {
                        [
                            "name": .string($0),
                            "url": .string(
                                "https://\(host)/tags/\(ContentText.percentEncode($0))"),
                        ]
                    })
            ),
            ("emojis", .array(s.emojis.map { renderEmoji($0, base: base) })),
            ("card", s.card.map { renderCard($0, base: base) } ?? .null),
            ("poll", s.poll.map { renderPoll($0) } ?? .null),
        ]
        if s.reblogOf != nil { pairs.removeAll { $0.0 == "application" } }
        return .object(pairs)
    }

    func renderMention(_ index: Int) -> JSON {
        let a = accounts[index]
        return [
            "id": .string(a.id), "username": .string(a.username), "url": .string(profileURL(of: index)),
            "acct": .string(a.acct()),
        ]
    }

    func renderMedia(_ m: MediaRecord, base: String, remote: Bool) -> JSON {
        var meta: [(String, JSON)] = []
        if m.width > 0 {
            let size: JSON = [
                "width": .int(m.width), "height": .int(m.height), "size": .string("\(m.width)x\(m.height)"),
                "aspect": .double(Double(m.width) / Double(m.height)),
            ]
            meta += [
                ("original", size),
                (
                    "small",
                    [
                        "width": 400, "height": .int(400 * m.height / m.width),
                        "size": .string("400x\(400 * m.height / m.width)"),
                        "aspect": .double(Double(m.width) / Double(m.height)),
                    ]
                ),
            ]
        }
        if let d = m.duration {
            meta += [
                ("length", .string(String(format: "0:00:%04.1f", min(d, 59.9)))),
                ("duration", .double(d)),
            ]
        }
        if m.type == "image" { meta.append(("focus", ["x": .double(0), "y": .double(0)])) }
        // A path that is a whole URL points elsewhere (another host, for tests of what may be fetched).
        let url =
            m.path.map { $0.hasPrefix("http://") || $0.hasPrefix("https://") ? $0 : "\(base)\($0)" }
            ?? "\(base)/media/\(m.id).\(m.fileExtension)"
        return [
            "id": .string(m.id), "type": .string(m.type), "url": .string(url),
            "preview_url": .string("\(base)/media/\(m.id)_small.png"),
            "remote_url": remote ? .string("https://remote.example/files/\(m.id).\(m.fileExtension)") : .null,
            "preview_remote_url": .null, "text_url": .null,
            "meta": .object(meta), "description": .optional(m.description),
            "blurhash": m.type == "audio" ? .null : .string(m.blurhash),
        ]
    }

    func renderCard(_ c: CardRecord, base: String) -> JSON {
        [
            "url": .string(c.url), "title": .string(c.title), "description": .string(c.description),
            "language": "en", "type": "link", "author_name": "", "author_url": "",
            "provider_name": .string(c.provider), "provider_url": "", "html": "",
            "width": c.imageID == nil ? 0 : 400, "height": c.imageID == nil ? 0 : 210,
            "image": c.imageID.map { .string("\(base)/media/cards/\($0).png") } ?? .null,
            "image_description": "", "embed_url": "", "blurhash": .optional(c.blurhash),
            "published_at": .null, "authors": [],
        ]
    }

    func renderPoll(_ p: PollRecord) -> JSON {
        [
            "id": .string(p.id), "expires_at": .string(Timestamp.iso8601(p.expiresAt)),
            "expired": .bool(p.expiresAt < clock), "multiple": .bool(p.multiple),
            "votes_count": .int(p.options.reduce(0) { $0 + $1.votes }),
            "voters_count": p.multiple ? .int(p.voters) : .null,
            "options": .array(p.options.map { ["title": .string($0.title), "votes_count": .int($0.votes)] }),
            "emojis": [],
        ]
    }
}
