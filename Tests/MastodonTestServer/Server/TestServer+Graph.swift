import Foundation

/// The rest of the graph a running ``TestServer`` serves (issue 44): endorsements, followed and
/// featured hashtags, lists with their members, follows' settings and private notes.
extension TestServer {
    /// Makes `username` endorse (or stop endorsing) `target`, a local username or a remote `user@host`.
    @discardableResult
    public func setEndorsing(_ username: String, _ target: String, _ endorses: Bool) async -> Bool {
        await state.setEndorsing(username: username, target: target, holds: endorses)
    }

    /// Sets the hashtags `username` follows and features (by name, as the server writes them); nil
    /// leaves them as they are.
    @discardableResult
    public func setTags(_ username: String, followed: [String]? = nil, featured: [String]? = nil) async -> Bool {
        await state.setTags(username: username, followed: followed, featured: featured)
    }

    /// Sets the settings of `username`'s follow of `target`: boosts shown, new posts notified, the
    /// languages shown (nil: every language).
    @discardableResult
    public func setFollowSettings(
        _ username: String, _ target: String, showingReblogs: Bool, notifying: Bool, languages: [String]?
    ) async -> Bool {
        await state.setFollowSettings(
            username: username, target: target,
            FollowSettingRecord(showingReblogs: showingReblogs, notifying: notifying, languages: languages))
    }

    /// Sets (nil: removes) `username`'s private note on `target`.
    @discardableResult
    public func setNote(_ username: String, _ target: String, _ note: String?) async -> Bool {
        await state.setNote(username: username, target: target, note)
    }

    /// Creates, renames or refills `username`'s list `id`; deletes it when `title` is nil.
    @discardableResult
    public func setList(_ username: String, id: String, title: String?, members: [String] = []) async -> Bool {
        await state.setList(username: username, id: id, title: title, members: members)
    }

    /// `username`'s lists by id: each one's title and members as `user@host`, sorted.
    public func lists(_ username: String) async -> [String: (title: String, members: [String])] {
        await state.listMembers(username: username)
    }

    /// `username`'s private notes by `user@host`.
    public func notes(_ username: String) async -> [String: String] { await state.notes(username: username) }

    /// Whom `username` endorses, as `user@host`, sorted.
    public func endorsedHandles(_ username: String) async -> [String] {
        await state.endorsedHandles(username: username)
    }
}
