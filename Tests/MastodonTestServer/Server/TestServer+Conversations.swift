import Foundation

/// Direct-message conversations a running ``TestServer`` serves (issue 44), as Mastodon shapes and pages
/// them (`GET /api/v1/conversations`: newest last status first, `max_id`/`min_id`/`since_id` compared
/// with the last statuses' ids, `limit` 20 up to 40, as `AccountConversation.paginate_by_max_id` does).
extension TestServer {
    /// Adds a conversation of the local account `username` whose last status is `lastStatusID`, with
    /// `participants` (usernames or `user@host`); `brokenStatus` serves that status without its
    /// `account`, `nullStatus` as `null`. Returns the conversation's id; nil for an unknown account or
    /// status.
    @discardableResult
    public func addConversation(
        for username: String, lastStatusID: String, participants: [String], unread: Bool = true,
        brokenStatus: Bool = false, nullStatus: Bool = false
    ) async -> String? {
        await state.addConversation(
            for: username, lastStatusID: lastStatusID, participants: participants, unread: unread,
            brokenStatus: brokenStatus, nullStatus: nullStatus)
    }

    /// Moves conversation `id` of `username` to a new last status (a reply in it), as Mastodon does when
    /// one is posted; false for an unknown conversation or status.
    @discardableResult
    public func updateConversation(_ id: String, of username: String, lastStatusID: String, unread: Bool) async
        -> Bool
    {
        await state.updateConversation(id, of: username, lastStatusID: lastStatusID, unread: unread)
    }

    /// The conversations of `username`, newest first, each object as the server sends it to them.
    public func conversationObjects(_ username: String) async -> [Data] {
        await state.conversationObjects(username)
    }
}

extension ServerState {
    func addConversation(
        for username: String, lastStatusID: String, participants: [String], unread: Bool, brokenStatus: Bool,
        nullStatus: Bool
    ) -> String? {
        guard let owner = store.accountIndex(username: username), store.accounts[owner].isLocal,
            store.statuses[lastStatusID] != nil
        else { return nil }
        let others = participants.compactMap { store.accountIndex(username: $0) }
        guard others.count == participants.count else { return nil }
        let id = store.nextConversationID
        store.nextConversationID += 1
        store.conversations[owner, default: []].append(
            ConversationRecord(
                id: id, lastStatusID: lastStatusID, participants: others, unread: unread,
                brokenStatus: brokenStatus, nullStatus: nullStatus))
        return String(id)
    }

    func updateConversation(_ id: String, of username: String, lastStatusID: String, unread: Bool) -> Bool {
        guard let owner = store.accountIndex(username: username), store.statuses[lastStatusID] != nil,
            let index = store.conversations[owner, default: []].firstIndex(where: { String($0.id) == id })
        else { return false }
        store.conversations[owner]?[index].lastStatusID = lastStatusID
        store.conversations[owner]?[index].unread = unread
        return true
    }

    /// The viewer's conversations, newest last status first.
    private func sortedConversations(_ owner: Int) -> [ConversationRecord] {
        store.conversations[owner, default: []].sorted { IDKey($0.lastStatusID) > IDKey($1.lastStatusID) }
    }

    func conversationObjects(_ username: String) -> [Data] {
        guard let owner = store.accountIndex(username: username) else { return [] }
        return sortedConversations(owner).map { store.renderConversation($0, base: base, viewer: owner).data }
    }

    func conversationPage(_ call: Call) -> Reply {
        guard let viewer = call.viewer else { return .invalidToken }
        let rows = sortedConversations(viewer)
        let p = PageParams(call.req)
        let resolve: (String) -> IDKey? = { IDKey($0) }
        let picked = Pager.select(
            rows.map { IDKey($0.lastStatusID) }, max: Pager.cursor(p.maxID, resolve),
            min: Pager.cursor(p.minID, resolve), since: Pager.cursor(p.sinceID, resolve), limit: p.limit
        ).map { rows[$0] }
        let body = JSON.array(picked.map { store.renderConversation($0, base: base, viewer: viewer) })
        return page(body, first: picked.first?.lastStatusID, last: picked.last?.lastStatusID, call)
    }
}
