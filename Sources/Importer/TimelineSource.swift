import ArchiveCore
import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// Where a pinned timeline's pages come from: which server, with which token, which endpoint.
struct TimelineSource: Sendable {
    enum Kind: Sendable {
        case statuses(any Endpoint)
        case mentions
        /// Every notification, kept whole with its page (issue 44).
        case notifications
        /// Direct-message conversations, kept whole with their page (issue 44).
        case conversations
    }

    private(set) var client: MastodonClient
    let kind: Kind
    /// The budget every request of ``client`` goes through, once ``budgeted(by:announce:)``.
    private(set) var budget: RateBudget?

    /// Resolves a pinned timeline to a client and an endpoint; fails when its account has no token.
    init(
        timeline: PinnedTimeline, accounts: [ArchivingAccount], credentials: Credentials,
        limits: RequestLimits, logger: Logger
    ) throws(SyncError) {
        let spec: TimelineSpec
        do { spec = try TimelineSpec(parsing: timeline.spec) } catch {
            throw SyncError(timeline: timeline.displayName, message: error.description)
        }
        let server: ServerAddress
        do { server = try ServerAddress(timeline.server) } catch {
            throw SyncError(timeline: timeline.displayName, message: error.description)
        }
        var token: String?
        var account: ArchivingAccount?
        if let accountID = timeline.accountID {
            guard let owner = accounts.first(where: { $0.id == accountID }) else {
                throw SyncError(timeline: timeline.displayName, message: "its account was removed; pin it again")
            }
            // The token goes only to the origin that issued it, whatever the timeline row says.
            guard owner.server == server.description else {
                throw SyncError(
                    timeline: timeline.displayName,
                    message: "is read from \(server) but its account's token was issued by \(owner.server)")
            }
            guard let stored = credentials.token(for: owner.identity, handle: owner.handle) else {
                throw SyncError(
                    timeline: timeline.displayName,
                    message:
                        "no access token stored for \(owner.handle) on \(owner.server); run `icebox account add` again")
            }
            account = owner
            token = stored.accessToken
        }
        client = MastodonClient(server: server, token: token, limits: limits, logger: logger)
        switch spec {
        case .home: kind = .statuses(Timelines.home)
        case .local, .remote: kind = .statuses(Timelines.pub(local: true))
        case .federated: kind = .statuses(Timelines.pub(local: false))
        case .tag(let tag), .remoteTag(let tag, _): kind = .statuses(Timelines.hashtag(tag: tag))
        case .list(let id): kind = .statuses(Timelines.list(id: id))
        case .bookmarks: kind = .statuses(Timelines.bookmarks)
        case .favourites: kind = .statuses(Timelines.favourites)
        case .mentions: kind = .mentions
        case .notifications: kind = .notifications
        case .conversations: kind = .conversations
        case .own:
            guard let account else {
                throw SyncError(timeline: timeline.displayName, message: "`own` needs an account")
            }
            kind = .statuses(Timelines.account(id: account.remoteID))
        }
    }

    /// This source with every request of its client sent through `budget` (shared with the other
    /// timelines, edit histories and rechecks of the same token on the same server); `announce` hears
    /// of waits for the budget to refill.
    func budgeted(by budget: RateBudget, announce: @escaping @Sendable (RateWait) -> Void) -> TimelineSource {
        var source = self
        source.client = client.budgeted(by: budget.gate(announce: announce))
        source.budget = budget
        return source
    }

    /// Why the server answers this feed with nothing, when its `/api/v2/instance` says it is switched
    /// off (Mastodon 4.5+ answers a disabled feed with `200 []`); `nil` when it does not say so.
    func disabledFeedReason() async -> String? {
        guard case .statuses(let endpoint) = kind, let timelines = endpoint as? Timelines else { return nil }
        guard let access = try? await client.get(Instances.v2, as: Instance.self).configuration?.timelinesAccess
        else { return nil }
        let scopes: Instance.Scopes?
        let feed: String
        switch timelines {
        case .pub: (scopes, feed) = (access.liveFeeds, "live feeds")
        case .hashtag: (scopes, feed) = (access.hashtagFeeds, "hashtag feeds")
        default: return nil
        }
        let isLocal: Bool
        if case .pub(let local, _) = timelines { isLocal = local } else { isLocal = false }
        let relevant = isLocal ? [scopes?.local] : [scopes?.local, scopes?.remote]
        guard relevant.allSatisfy({ $0 == "disabled" }) else {
            if !client.isAuthenticated, relevant.contains("authenticated") {
                return "\(client.server.host) shows its \(feed) only to logged-in users"
            }
            return nil
        }
        return "\(client.server.host) has switched off its \(feed) (configuration.timelines_access)"
    }

    /// One page, newest first, with its cursors.
    func page(_ cursor: PageCursor) async throws(APIError) -> Page<ArchivableStatus> {
        switch kind {
        case .statuses(let endpoint): try await client.statuses(endpoint, cursor: cursor)
        case .mentions: try await client.notificationStatuses(.list(types: ["mention"]), cursor: cursor)
        case .notifications: try await client.notifications(cursor: cursor)
        case .conversations: try await client.conversations(cursor: cursor)
        }
    }
}

/// A timeline that could not be synced, naming it (and so its account) and why.
public struct SyncError: Error, Sendable, CustomStringConvertible {
    public var timeline: String
    public var message: String
    /// The server refuses this timeline (rather than something having gone wrong).
    public var refused = false
    public var description: String { "\(timeline): \(message)" }
}
