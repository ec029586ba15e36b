import Foundation

/// Notifications of any type a running ``TestServer`` serves (issue 44), as Mastodon shapes them.
extension TestServer {
    /// Adds a notification of `type` (any text: a type no client knows too) for the local account
    /// `username`, from `from` (a username or `user@host`), about the status `statusID` when given;
    /// `brokenStatus` serves that status without its `account`, so it cannot be read. Returns the
    /// notification's id (above every earlier one), nil for an unknown account or status.
    @discardableResult
    public func addNotification(
        to username: String, type: String, from: String, statusID: String? = nil, brokenStatus: Bool = false
    ) async -> String? {
        await state.addNotification(
            to: username, type: type, from: from, statusID: statusID, brokenStatus: brokenStatus)
    }

    /// The notifications of `username`, newest first, each object as the server sends it to them.
    public func notificationObjects(_ username: String) async -> [Data] {
        await state.notificationObjects(username)
    }
}

extension ServerState {
    func addNotification(to username: String, type: String, from: String, statusID: String?, brokenStatus: Bool)
        -> String?
    {
        guard let owner = store.accountIndex(username: username), store.accounts[owner].isLocal,
            let sender = store.accountIndex(username: from)
        else { return nil }
        if let statusID, store.statuses[statusID] == nil { return nil }
        let id = store.nextRowID.notification
        // Each one a second after the one before, from the corpus's newest status on.
        let date = store.clock.addingTimeInterval(TimeInterval(id))
        store.notifications[owner, default: []].append(
            Row(
                rowID: id, statusID: statusID, type: type, fromAccount: sender, createdAt: date,
                brokenStatus: brokenStatus))
        store.nextRowID.notification += 1
        return String(id)
    }

    func notificationObjects(_ username: String) -> [Data] {
        guard let owner = store.accountIndex(username: username) else { return [] }
        return store.notifications[owner, default: []].sorted { $0.rowID > $1.rowID }
            .compactMap { store.renderNotification($0, base: base, viewer: owner, quirks: config.quirks)?.data }
    }
}
