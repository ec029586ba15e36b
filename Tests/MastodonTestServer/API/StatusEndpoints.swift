import Foundation

/// Single statuses, threads, edit history and accounts.
extension ServerState {
    func status(_ call: Call, id: String) -> Reply {
        if let fixture = store.fixtures.last(where: { $0.id == id }) {
            return Reply(status: 200, contentType: Reply.jsonType, body: fixture.bytes)
        }
        guard let s = store.statuses[id], store.canSee(s, viewer: call.viewer) else { return .notFound }
        return .json(store.renderStatus(id, base: base, viewer: call.viewer))
    }

    /// `GET /api/v1/statuses?id[]=…` (Mastodon 4.3+): the statuses that exist and the caller may see, in
    /// the order asked, the others left out; at most 20 ids (more: 422).
    func severalStatuses(_ call: Call) -> Reply {
        if config.quirks.noBatchStatuses { return .notFound }
        let ids = call.req.params("id")
        guard ids.count <= 20 else { return .error(422, "Too many ids") }
        let found = ids.filter { id in store.statuses[id].map { store.canSee($0, viewer: call.viewer) } ?? false }
        return .json(.array(found.map { store.renderStatus($0, base: base, viewer: call.viewer) }))
    }

    func context(_ call: Call, id: String) -> Reply {
        if store.fixtures.contains(where: { $0.id == id }) { return .json(["ancestors": [], "descendants": []]) }
        guard let s = store.statuses[id], store.canSee(s, viewer: call.viewer) else { return .notFound }
        let thread = store.context(of: id, viewer: call.viewer)
        let render = { (ids: [String]) in
            JSON.array(ids.map { self.store.renderStatus($0, base: self.base, viewer: call.viewer) })
        }
        if config.quirks.contextWithoutThread { return .json(["statuses": render(thread.descendants)]) }
        if config.quirks.contextAsBareArray { return .json(render(thread.ancestors + [id] + thread.descendants)) }
        return .json(["ancestors": render(thread.ancestors), "descendants": render(thread.descendants)])
    }

    /// `StatusEdit` versions, oldest first; an unedited status has one.
    func history(_ call: Call, id: String) -> Reply {
        if config.quirks.noEditHistory { return .notFound }
        guard let s = store.statuses[id], store.canSee(s, viewer: call.viewer) else { return .notFound }
        let versions =
            s.history.isEmpty
            ? [
                EditRecord(
                    content: s.content, spoilerText: s.spoilerText, sensitive: s.sensitive, createdAt: s.createdAt)
            ]
            : s.history
        let account = store.renderAccount(s.author, base: base)
        return .json(
            .array(
                versions.map { v in
                    [
                        "content": .string(v.content), "spoiler_text": .string(v.spoilerText),
                        "sensitive": .bool(v.sensitive),
                        "created_at": .string(Timestamp.iso8601(v.createdAt)), "account": account,
                        "poll": s.poll.map { store.renderPoll($0) } ?? .null,
                        "media_attachments": .array(s.media.map { store.renderMedia($0, base: base, remote: false) }),
                        "emojis": .array(s.emojis.map { store.renderEmoji($0, base: base) }),
                    ]
                }))
    }

    func account(_ call: Call, id: String) -> Reply {
        guard let index = store.accountIndex(id: id) else { return .notFound }
        return .json(store.renderAccount(index, base: base))
    }

    func lookupAccount(_ call: Call) -> Reply {
        guard let acct = call.req.param("acct"), let index = store.accountIndex(username: acct) else {
            return .notFound
        }
        return .json(store.renderAccount(index, base: base))
    }

    /// The token owner's account, with Mastodon's `source` block.
    func verifyCredentials(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        guard case .object(var pairs) = store.renderAccount(viewer, base: base) else { return .notFound }
        pairs.append(
            (
                "source",
                [
                    "privacy": "public", "sensitive": false, "language": "en",
                    "note": .string(store.accounts[viewer].note), "fields": [], "follow_requests_count": 0,
                ]
            ))
        return .json(.object(pairs))
    }
}
