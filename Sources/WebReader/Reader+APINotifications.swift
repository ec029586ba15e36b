import ArchiveAPI
import ArchiveCore
import Foundation

/// The notifications and conversations of the archive's Mastodon API (issue 45): the token's account's,
/// as its `notifications` and `conversations` timelines archived them (`[]` when it archived none).
extension Reader {
    /// The archiving account the token reads as; an app's own token has none (422, as Mastodon says).
    func tokenAccount(_ request: APIRequest) async throws -> ArchivingAccount? {
        guard let handle = request.account else {
            throw APIFailure(status: .unprocessableContent, message: "This method requires an authenticated user")
        }
        return try await store.ownAccount(handle)
    }

    /// `/api/v1/notifications`: paged as Mastodon pages them, by the notifications' ids (the server's,
    /// unique within the account): `max_id`, `since_id`, `min_id`, `limit` (default 40, at most 80 as
    /// Mastodon's), with `types[]` and `exclude_types[]`, and `Link` to the next and previous pages.
    func apiNotifications(_ request: APIRequest) async throws -> Reply {
        guard let account = try await tokenAccount(request) else { return .api(Data("[]".utf8)) }
        let paging = APIPaging(request.parameters, defaultLimit: 40, maximumLimit: 80)
        let types = request.list("types")
        let excluded = request.list("exclude_types")
        let bounds = APINotificationBounds(
            below: paging.maxID, above: paging.minID ?? paging.sinceID, oldestFirst: paging.minID != nil,
            limit: paging.limit)
        var notifications = try await store.apiNotifications(
            of: account.id, types: types, excluded: excluded, page: bounds)
        if bounds.oldestFirst { notifications.reverse() }
        let json = try await apiStatusPage(request).notifications(notifications, server: account.server)
        let link = APIPaging.link(base: request.base + request.path, lists: request.lists, ids: notifications.map(\.id))
        return .api(json, link: link)
    }

    /// `/api/v1/notifications/:id`: one of the token's account's notifications, by its server's id.
    func apiNotification(_ id: String, _ request: APIRequest) async throws -> Reply {
        guard let account = try await tokenAccount(request) else { throw APIFailure.notFound }
        let found = try await store.apiNotifications(
            of: account.id, types: [], excluded: [],
            page: APINotificationBounds(below: nil, above: nil, oldestFirst: false, limit: 1), id: id)
        guard !found.isEmpty else { throw APIFailure.notFound }
        let json = try await apiStatusPage(request).notifications(found, server: account.server)
        return .api(Data(json.dropFirst().dropLast()))
    }

    /// `/api/v1/conversations`: the token's account's conversations as last archived, newest last status
    /// first, paged by position (``positionPage(_:)``).
    func apiConversations(_ request: APIRequest) async throws -> Reply {
        guard let account = try await tokenAccount(request) else { return .api(Data("[]".utf8)) }
        let page = Self.positionPage(request)
        let conversations = try await store.conversations(of: account.id, limit: page.limit, offset: page.offset)
        let json = try await apiStatusPage(request).conversations(conversations, server: account.server)
        return .api(json, link: Self.positionLink(request, page: page, count: conversations.count))
    }
}

/// A page of a list the archive pages by position (relations, conversations): Mastodon's cursors stand
/// for records the archive does not keep, so its cursors are positions in the list, from 1. `max_id=N`
/// reads on after position N; `min_id=N` (or `since_id`) the page before it.
struct PositionPage {
    var offset: Int
    var limit: Int
}

extension Reader {
    /// The page a request asks for: `limit` (default 40, at most 80, as Mastodon's account lists).
    static func positionPage(_ request: APIRequest) -> PositionPage {
        let paging = APIPaging(request.parameters, defaultLimit: 40, maximumLimit: 80)
        let limit = paging.limit
        if let after = paging.maxID.flatMap(Int.init), after >= 0 { return PositionPage(offset: after, limit: limit) }
        if let before = (paging.minID ?? paging.sinceID).flatMap(Int.init), before > 0 {
            let start = max(0, before - 1 - limit)
            return PositionPage(offset: start, limit: before - 1 - start)
        }
        return PositionPage(offset: 0, limit: limit)
    }

    /// The `Link` of a page by position holding `count` entries: `next` after its last, `prev` before
    /// its first; none for an empty page.
    static func positionLink(_ request: APIRequest, page: PositionPage, count: Int) -> String? {
        guard count > 0 else { return nil }
        return APIPaging.link(
            base: request.base + request.path, lists: request.lists,
            ids: [String(page.offset + 1), String(page.offset + count)])
    }
}
