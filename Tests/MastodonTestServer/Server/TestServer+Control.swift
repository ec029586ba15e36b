import Foundation

/// Changing and inspecting a running ``TestServer``.
extension TestServer {
    /// Counts and names of what the server holds.
    public struct Snapshot: Sendable, Codable {
        /// Live synthetic statuses (boosts included).
        public var statusCount: Int
        /// Fixture statuses loaded.
        public var fixtureCount: Int
        /// The highest synthetic status id.
        public var newestStatusID: String?
        /// Local usernames (the first one, `alice`, owns the default token).
        public var localUsernames: [String]
        /// Remote accounts as `user@host`.
        public var remoteAccts: [String]
        /// acct → account id.
        public var accountIDs: [String: String]
        /// Local username → id of their list.
        public var listIDs: [String: String]
        /// token → username.
        public var tokens: [String: String]
        /// Hashtags used by the generator.
        public var tags: [String]
    }

    /// Adds `count` statuses newer than all so far (in home, local, federated and tag timelines by the usual
    /// rules). Returns their ids, oldest first.
    @discardableResult
    public func addStatuses(_ count: Int) async -> [String] { await state.addStatuses(count) }

    /// Adds a public status by the local account `username` (newer than all so far) with one image
    /// attachment per path, e.g. `/media/fault/html/a.png` or `/media/slow/8000000/big.mp4` (see the media
    /// fault paths in `MediaFaultEndpoints.swift`). `text` replaces the default content (it is escaped and
    /// wrapped in `<p>`); `inReplyTo` makes it a reply to that status, mentioning its author. Returns its
    /// id, nil for an unknown or remote account or an unknown parent. `visibility` (`public`, `unlisted`,
    /// `private` or `direct`) decides who may read it, as on Mastodon (a direct reply mentions the parent's
    /// author, who may read it).
    @discardableResult
    /// `visibility`: public, unlisted, private or direct (nil for another); `tags` are linked in the
    /// text and listed in `tags` as written; `mentioning` names local accounts the status mentions.
    public func addStatus(
        username: String = "alice", mediaPaths: [String] = [], description: String? = nil,
        text: String? = nil, inReplyTo: String? = nil, visibility: String = "public",
        tags: [String] = [], mentioning: [String] = []
    ) async -> String? {
        await state.addStatus(
            username: username, mediaPaths: mediaPaths, description: description, text: text,
            inReplyTo: inReplyTo, visibility: visibility, tags: tags, mentioning: mentioning)
    }

    /// Sets how an account asks about search: its `indexable` and `noindex` flags and, when given, its
    /// bio (HTML). Served from then on wherever the account appears. False for an unknown username.
    @discardableResult
    public func setSearchOptOut(
        username: String, indexable: Bool, noindex: Bool = false,
        note: String? = nil
    ) async -> Bool {
        await state.setSearchOptOut(username: username, indexable: indexable, noindex: noindex, note: note)
    }

    /// Adds a boost of a public status by the local account `username`, newer than all so far. Returns
    /// the boost's id, nil for an unknown account or a status that cannot be boosted.
    @discardableResult
    public func addBoost(of statusID: String, username: String) async -> String? {
        await state.addBoost(of: statusID, username: username)
    }

    /// Adds `count` remote statuses dated `secondsAgo` before the newest status: their ids sort below ids
    /// already served, like Mastodon's late federation. Returns their ids.
    @discardableResult
    public func addBackdatedStatuses(_ count: Int, secondsAgo: TimeInterval) async -> [String] {
        await state.addBackdatedStatuses(count, secondsAgo: secondsAgo)
    }

    /// Edits a status: new content (plain text is wrapped in `<p>`), `edited_at` set, history kept.
    /// Returns false for an unknown id or a boost.
    @discardableResult
    public func editStatus(id: String, content: String, spoilerText: String? = nil) async -> Bool {
        await state.editStatus(id: id, content: content, spoilerText: spoilerText)
    }

    /// Deletes a status (and boosts of it); it answers 404 afterwards. Returns false for an unknown id.
    @discardableResult
    public func deleteStatus(id: String) async -> Bool { await state.deleteStatus(id: id) }

    /// Makes `token` a valid token of the local (or remote) account `username`. False if no such account.
    @discardableResult
    public func setToken(_ token: String, username: String) async -> Bool {
        await state.setToken(token, username: username)
    }

    /// Invalidates a token.
    public func removeToken(_ token: String) async { await state.removeToken(token) }

    /// Changes the request budget and forgets what was counted.
    public func setRateLimit(_ limit: RateLimit) async { await state.setRateLimit(limit) }

    /// Forgets counted requests (all budgets full again).
    public func resetRateLimits() async { await state.resetRateLimits() }

    /// Changes who may read public and hashtag feeds without a token.
    public func setTimelinesAccess(_ access: TimelinesAccess) async { await state.setTimelinesAccess(access) }

    /// Replaces the fault configuration (its PRNG restarts from `faults.seed`).
    public func setFaults(_ faults: Faults) async { await state.setFaults(faults) }

    /// Trims home and list feeds to the newest `limit` entries (nil: no trimming).
    public func setHomeFeedLimit(_ limit: Int?) async { await state.setHomeFeedLimit(limit) }

    /// Every request answered so far (admin requests excluded), oldest first.
    public func requestLog() async -> [LoggedRequest] { await state.log }

    /// Empties the request log.
    public func clearRequestLog() async { await state.clearRequestLog() }

    /// Bookmarks a status for a user; returns the new bookmark row id (above all earlier ones).
    @discardableResult
    public func bookmark(statusID: String, username: String) async -> Int? {
        await state.bookmark(statusID: statusID, username: username)
    }

    /// Favourites a status for a user; returns the new favourite row id.
    @discardableResult
    public func favourite(statusID: String, username: String) async -> Int? {
        await state.favourite(statusID: statusID, username: username)
    }

    /// All status ids of a timeline, newest first, as the paged API would return them in total.
    public func timelineIDs(_ timeline: Timeline) async -> [String] { await state.timelineIDs(timeline) }

    /// Closes every open event stream, as a restarting streaming server does.
    public func dropStreams() async { await state.dropStreams() }

    /// While stalled, the streams stay open but carry nothing, heartbeats included (a dead connection).
    public func setStreamsStalled(_ stalled: Bool) async { await state.setStreamsStalled(stalled) }

    /// Writes raw bytes to every open stream: garbage, an oversized line, a malformed event.
    public func sendToStreams(_ bytes: Data) async { await state.sendToStreams(bytes) }

    /// Event streams open now, and opened since start.
    public func streamCounts() async -> (open: Int, opened: Int) {
        (await state.openStreamCount, await state.streamsOpened)
    }

    /// Whether the server still has a status (not deleted), seen by anyone.
    public func hasStatus(id: String) async -> Bool { await state.hasStatus(id: id) }

    /// Counts and names of the corpus.
    public func snapshot() async -> Snapshot { await state.snapshot() }
}
