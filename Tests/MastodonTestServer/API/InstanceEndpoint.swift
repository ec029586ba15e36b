import Foundation

/// `/api/v2/instance`, including Mastodon 4.5's `configuration.timelines_access`.
extension ServerState {
    func instance() -> Reply {
        let a = config.timelinesAccess
        let host = store.host
        let access: JSON = [
            "live_feeds": ["local": .string(a.liveFeedsLocal.rawValue), "remote": .string(a.liveFeedsRemote.rawValue)],
            "hashtag_feeds": [
                "local": .string(a.hashtagFeedsLocal.rawValue),
                "remote": .string(a.hashtagFeedsRemote.rawValue),
            ],
            "trending_link_feeds": ["local": "public", "remote": "public"],
        ]
        return .json([
            "domain": .string(host), "title": "Icebox test server", "version": "4.5.0+icebox-test",
            "source_url": "https://github.com/mastodon/mastodon", "description": "A Mastodon-shaped API for tests.",
            "usage": ["users": ["active_month": .int(store.accounts.filter(\.isLocal).count)]],
            "thumbnail": ["url": .string("\(base)/media/thumbnail.png")],
            "languages": ["en", "ja"],
            "configuration": [
                "urls": [
                    "streaming": config.streaming.enabled
                        ? .string(streamingBase.replacingOccurrences(of: "http://", with: "ws://")) : .null,
                    "status": .null,
                ],
                "accounts": ["max_featured_tags": 10, "max_pinned_statuses": 5],
                "statuses": ["max_characters": 500, "max_media_attachments": 4, "characters_reserved_per_url": 23],
                "timelines_access": access,
            ],
            "registrations": ["enabled": false, "approval_required": false, "message": .null],
            "api_versions": ["mastodon": 7],
            "contact": ["email": .string("admin@\(host)"), "account": .null],
            "rules": [],
        ])
    }

    /// Files under `/media/…`: PNG bytes for `.png`, a few placeholder bytes with the right type otherwise
    /// (special paths, see ``specialMedia(_:)``, come first).
    func media(_ req: APIRequest) -> Reply {
        guard req.method == "GET" || req.method == "HEAD" else { return .notFound }
        let name = req.segments.last ?? ""
        var hash: UInt64 = 1_469_598_103_934_665_603
        for byte in req.path.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        if name.hasSuffix(".png") { return Reply(status: 200, contentType: "image/png", body: PNG.make(seed: hash)) }
        // Placeholders that open with their format's signature, as real files do (Icebox picks a
        // file's extension from its first bytes).
        guard let known = Self.mediaFormat(of: name) else { return .notFound }
        return Reply(
            status: 200, contentType: known.type, body: Data(known.signature) + Data("placeholder \(name)".utf8))
    }
}
