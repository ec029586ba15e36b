import Foundation

/// Changing and reading the rest of the graph the graph endpoints serve (issue 44): endorsements,
/// followed and featured hashtags, lists and their members, follows' settings and private notes.
extension ServerState {
    func setEndorsing(username: String, target: String, holds: Bool) -> Bool {
        guard let subject = store.accountIndex(username: username), let other = store.accountIndex(username: target)
        else { return false }
        if holds {
            store.endorsements[subject, default: []].insert(other)
        } else {
            store.endorsements[subject, default: []].remove(other)
        }
        return true
    }

    func setTags(username: String, followed: [String]?, featured: [String]?) -> Bool {
        guard let subject = store.accountIndex(username: username) else { return false }
        if let followed { store.followedTags[subject] = followed }
        if let featured { store.featuredTags[subject] = featured }
        return true
    }

    func setFollowSettings(username: String, target: String, _ settings: FollowSettingRecord) -> Bool {
        guard let subject = store.accountIndex(username: username), let other = store.accountIndex(username: target)
        else { return false }
        store.followSettings[subject, default: [:]][other] = settings
        return true
    }

    func setNote(username: String, target: String, _ note: String?) -> Bool {
        guard let subject = store.accountIndex(username: username), let other = store.accountIndex(username: target)
        else { return false }
        store.notes[subject, default: [:]][other] = note
        return true
    }

    /// Creates, renames or refills the list `id` of `username` (members as usernames or `user@host`);
    /// deletes it when `title` is nil.
    func setList(username: String, id: String, title: String?, members: [String]) -> Bool {
        guard let owner = store.accountIndex(username: username) else { return false }
        guard let title else {
            store.lists[id] = nil
            return true
        }
        let indices = members.compactMap { store.accountIndex(username: $0) }
        guard indices.count == members.count else { return false }
        store.lists[id] = ListRecord(id: id, owner: owner, title: title, members: Set(indices))
        return true
    }

    /// `username`'s lists: title and members as `user@host`, sorted, by list id.
    func listMembers(username: String) -> [String: (title: String, members: [String])] {
        guard let owner = store.accountIndex(username: username) else { return [:] }
        var lists: [String: (title: String, members: [String])] = [:]
        for list in store.lists.values where list.owner == owner {
            lists[list.id] = (list.title, list.members.map(handle).sorted())
        }
        return lists
    }

    /// Whom `username` endorses, as `user@host`, sorted.
    func endorsedHandles(username: String) -> [String] {
        guard let subject = store.accountIndex(username: username) else { return [] }
        return store.endorsements[subject, default: []].map(handle).sorted()
    }

    /// `username`'s notes by `user@host`.
    func notes(username: String) -> [String: String] {
        guard let subject = store.accountIndex(username: username) else { return [:] }
        return Dictionary(uniqueKeysWithValues: store.notes[subject, default: [:]].map { (handle($0.key), $0.value) })
    }

    /// The `user@host` a client makes of the account object this server renders.
    func handle(_ index: Int) -> String {
        "\(store.accounts[index].username)@\(store.accounts[index].host ?? store.host)"
    }
}
