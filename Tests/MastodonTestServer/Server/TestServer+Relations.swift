import Foundation

/// The relations a running ``TestServer`` serves (issue 44): follows, followers, mutes, blocks and
/// domain blocks of its accounts.
extension TestServer {
    /// A relation list of an account.
    public enum RelationList: Sendable { case following, followers, mutes, blocks }

    /// Makes `username` follow (or stop following) `target`, a local username or a remote `user@host`.
    @discardableResult
    public func setFollowing(_ username: String, _ target: String, _ follows: Bool) async -> Bool {
        await state.setRelation(.follow, username: username, target: target, holds: follows)
    }

    /// Makes `username` mute (or stop muting) `target`.
    @discardableResult
    public func setMuting(_ username: String, _ target: String, _ mutes: Bool) async -> Bool {
        await state.setRelation(.mute, username: username, target: target, holds: mutes)
    }

    /// Makes `username` block (or stop blocking) `target`.
    @discardableResult
    public func setBlocking(_ username: String, _ target: String, _ blocks: Bool) async -> Bool {
        await state.setRelation(.block, username: username, target: target, holds: blocks)
    }

    /// Changes how the server misbehaves (see ``Quirks``) from the next request on.
    public func setQuirks(_ quirks: Quirks) async { await state.setQuirks(quirks) }

    /// Sets the domains `username` blocks.
    @discardableResult
    public func setDomainBlocks(_ username: String, _ domains: [String]) async -> Bool {
        await state.setDomainBlocks(username: username, domains)
    }

    /// An account's relations as `user@host`, sorted: what an archive of them must list.
    public func relationHandles(_ username: String, _ list: RelationList) async -> [String] {
        let inner: ServerState.RelationList =
            switch list {
            case .following: .following
            case .followers: .followers
            case .mutes: .mutes
            case .blocks: .blocks
            }
        return await state.relationHandles(username: username, inner)
    }
}
