import Foundation

/// Changing and reading the relations the relation endpoints serve (issue 44).
extension ServerState {
    enum RelationChange: Sendable { case follow, mute, block }

    /// Makes `username` start or stop following, muting or blocking `target` (a local username or a
    /// remote `user@host`); false when either is unknown.
    func setRelation(_ change: RelationChange, username: String, target: String, holds: Bool) -> Bool {
        guard let subject = store.accountIndex(username: username), let other = store.accountIndex(username: target)
        else { return false }
        func apply(_ set: inout Set<Int>) { if holds { set.insert(other) } else { set.remove(other) } }
        switch change {
        case .follow: apply(&store.follows[subject, default: []])
        case .mute: apply(&store.mutes[subject, default: []])
        case .block: apply(&store.blocks[subject, default: []])
        }
        return true
    }

    func setQuirks(_ quirks: Quirks) { config.quirks = quirks }

    /// Sets the domains `username` blocks.
    func setDomainBlocks(username: String, _ domains: [String]) -> Bool {
        guard let subject = store.accountIndex(username: username) else { return false }
        store.domainBlocks[subject] = domains
        return true
    }

    /// Whom `username` follows, who follows them, whom they mute or block, as `user@host` (the handle a
    /// client makes of the account object this server renders), sorted.
    func relationHandles(username: String, _ list: RelationList) -> [String] {
        guard let subject = store.accountIndex(username: username) else { return [] }
        let members = relationMembers(list, of: subject, viewer: subject)
        return members.map { "\(store.accounts[$0].username)@\(store.accounts[$0].host ?? store.host)" }.sorted()
    }
}
