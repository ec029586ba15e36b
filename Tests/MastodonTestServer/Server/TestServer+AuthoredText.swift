import Foundation

/// Text an author chose, wherever a post carries it: the display name, the content warning and poll
/// options, for tests of what outputs do with hostile text.
extension TestServer {
    /// Adds a public status by the local account `username` with `text`, the content warning `spoilerText`
    /// and, when `pollOptions` is not empty, a poll with those options. Returns its id, nil for an
    /// unknown or remote account.
    @discardableResult
    public func addStatus(
        username: String = "alice", text: String, spoilerText: String,
        pollOptions: [String] = []
    ) async -> String? {
        await state.addStatus(username: username, text: text, spoilerText: spoilerText, pollOptions: pollOptions)
    }

    /// Renames the account `username` (its display name, served from then on). False for an unknown one.
    @discardableResult
    public func setDisplayName(_ name: String, username: String) async -> Bool {
        await state.setDisplayName(name, username: username)
    }

    /// Gives `username` an avatar and a header at these paths of the server (`/media/…`, any special
    /// path too: `/media/large/BYTES/h.png`, `/media/hostile/redirect/…`); nil leaves one as it is.
    /// False when there is no such account.
    public func setProfileImages(avatar: String?, header: String?, username: String) async -> Bool {
        await state.setProfileImages(avatar: avatar, header: header, username: username)
    }
}

extension ServerState {
    func addStatus(username: String, text: String, spoilerText: String, pollOptions: [String]) -> String? {
        guard let id = store.addStatus(username: username, mediaPaths: [], description: nil, text: text),
            var status = store.statuses[id]
        else { return nil }
        status.spoilerText = spoilerText
        status.sensitive = !spoilerText.isEmpty
        if !pollOptions.isEmpty {
            status.poll = PollRecord(
                id: id, expiresAt: status.createdAt.addingTimeInterval(86_400), multiple: false,
                options: pollOptions.map { PollRecord.Option(title: $0, votes: 1) },
                voters: pollOptions.count)
        }
        store.statuses[id] = status
        publishUpdates([id])
        return id
    }

    func setDisplayName(_ name: String, username: String) -> Bool {
        guard let index = store.accountIndex(username: username) else { return false }
        store.accounts[index].displayName = name
        return true
    }

    func setProfileImages(avatar: String?, header: String?, username: String) -> Bool {
        guard let index = store.accountIndex(username: username) else { return false }
        if let avatar { store.accounts[index].avatarPath = avatar }
        if let header { store.accounts[index].headerPath = header }
        return true
    }
}
