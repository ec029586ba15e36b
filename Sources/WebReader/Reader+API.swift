import ArchiveAPI
import ArchiveCore
import Foundation
import Models
import SearchQuery

/// The Mastodon client API answered from the archive (issue 45), read-only: each GET route below reads
/// the store as a Mastodon 4.x server would answer it; any other method is refused as Mastodon refuses a
/// token without the scope (403, `{"error": …}`); a route the archive does not answer is 404.
extension Reader {
    /// The answer to an API request already let through by ``APIGate``.
    func api(_ request: APIRequest, method: String, signedIn: Bool) async -> Reply {
        // The one write: an app's own markers, kept beside the archive (never in the store).
        let setsMarkers = method == "POST" && request.segments == ["v1", "markers"]
        guard method == "GET" || method == "HEAD" || setsMarkers else { return APIFailure.readOnly.reply }
        do {
            if setsMarkers { return try setMarkers(request) }
            return try await apiRoute(request, signedIn: signedIn)
        } catch let failure as APIFailure {
            return failure.reply
        } catch {
            logger.error("serve: \(request.path): \(error)")
            return APIFailure(status: .internalServerError, message: "The archive could not answer").reply
        }
    }

    private func apiRoute(_ request: APIRequest, signedIn: Bool) async throws -> Reply {
        let route = APIRoute(request.segments)
        if route.is("v1", "instance") { return try await instance(request, version: 1, signedIn: signedIn) }
        if route.is("v2", "instance") { return try await instance(request, version: 2, signedIn: signedIn) }
        if route.is("v1", "accounts", "verify_credentials") { return try await verifyCredentials(request) }
        if route.is("v1", "accounts", "lookup") { return try await account(request.parameters["acct"] ?? "", request) }
        // Beside statuses: notifications, conversations, relations, emoji, a card, markers.
        if route.is("v1", "notifications") { return try await apiNotifications(request) }
        if let id = route.value("v1", "notifications", nil) { return try await apiNotification(id, request) }
        if route.is("v1", "conversations") { return try await apiConversations(request) }
        if route.is("v1", "accounts", "relationships") { return try await apiRelationships(request) }
        if let id = route.value("v1", "accounts", nil, "following") {
            return try await apiRelations(of: id, kind: .following, request)
        }
        if let id = route.value("v1", "accounts", nil, "followers") {
            return try await apiRelations(of: id, kind: .followers, request)
        }
        let own: [(String, RelationKind)] = [
            ("mutes", .mutes), ("blocks", .blocks), ("domain_blocks", .domainBlocks), ("endorsements", .endorsements),
            ("followed_tags", .followedTags), ("featured_tags", .featuredTags),
        ]
        if let kind = own.first(where: { route.is("v1", $0.0) })?.1 { return try await ownRelations(kind, request) }
        if route.is("v1", "custom_emojis") { return try await apiCustomEmoji(request) }
        if let id = route.value("v1", "statuses", nil, "card") { return try await apiCard(id) }
        if route.value("v1", "statuses", nil, "source") != nil { throw APIFailure.notFound }
        if route.is("v1", "markers") { return try apiMarkers(request) }
        if let id = route.value("v1", "accounts", nil) { return try await account(id, request) }
        if let id = route.value("v1", "accounts", nil, "statuses") { return try await accountStatuses(id, request) }
        if route.is("v1", "statuses") { return try await apiStatuses(request) }
        if let id = route.value("v1", "statuses", nil) { return try await apiStatus(id, request) }
        if let id = route.value("v1", "statuses", nil, "context") { return try await apiContext(id, request) }
        if let id = route.value("v1", "statuses", nil, "history") { return try await apiHistory(id, request) }
        if let id = route.value("v1", "statuses", nil, "favourited_by") {
            return try await apiReactions(id, type: "favourite", request)
        }
        if let id = route.value("v1", "statuses", nil, "reblogged_by") {
            return try await apiReactions(id, type: "reblog", request)
        }
        if route.is("v1", "timelines", "home") { return try await ownTimeline(.home, request) }
        if route.is("v1", "bookmarks") { return try await ownTimeline(.bookmarks, request) }
        if route.is("v1", "favourites") { return try await ownTimeline(.favourites, request) }
        if let id = route.value("v1", "timelines", "list", nil) { return try await ownTimeline(.list(id), request) }
        if let tag = route.value("v1", "timelines", "tag", nil) {
            return try await statuses(.tag(Hashtag.normalized(tag)), request)
        }
        if route.is("v1", "timelines", "public") { return try await publicTimeline(request) }
        if route.is("v1", "lists") { return try await apiLists(request) }
        if route.is("v2", "search") { return try await apiSearch(request) }
        // What an archive has none of (no filters, announcements, trends or suggestions are archived):
        // empty, as a server without any answers, so an app starts.
        let none: [[String]] = [
            ["v1", "filters"], ["v2", "filters"], ["v1", "announcements"], ["v1", "trends"],
            ["v1", "trends", "tags"], ["v1", "trends", "statuses"], ["v1", "trends", "links"], ["v2", "suggestions"],
            ["v1", "instance", "rules"], ["v1", "instance", "peers"],
        ]
        if none.contains(request.segments) { return .api(Data("[]".utf8)) }
        if route.is("v1", "preferences") { return .api(Data("{}".utf8)) }
        throw APIFailure.notFound
    }

    /// A page of `scope`, as Mastodon pages a timeline: newest first, `Link` to the next and previous.
    func statuses(_ scope: APIScope, _ request: APIRequest) async throws -> Reply {
        let paging = APIPaging(request.parameters)
        var held: [String: APIStatusKey] = [:]
        let numbers = paging.ids.compactMap { APIStatusID.parts($0)?.number }
        for row in try await store.apiRows(numbers: numbers) { held[APIStatusID.string(row.key)] = row.key }
        guard let bounds = paging.bounds(held: held) else { return .api(Data("[]".utf8)) }
        var rows = try await store.apiPage(scope, bounds)
        if bounds.oldestFirst { rows.reverse() }
        let page = try await apiStatusPage(request).render(rows, keepingLast: bounds.oldestFirst)
        let link = APIPaging.link(base: request.base + request.path, lists: request.lists, ids: page.ids)
        return .api(page.json, link: link, cut: page.cut)
    }

    /// The renderer of statuses for a request: kept media are linked at the address the client reached.
    func apiStatusPage(_ request: APIRequest) -> APIStatusPage {
        APIStatusPage(store: store, mirror: request.mirror, mediaAddress: mediaAddress(request))
    }

    /// The address a client loads a kept file from, by its hash: signed (``MediaCapability``), on the
    /// address the client reached.
    func mediaAddress(_ request: APIRequest) -> @Sendable (String) -> String {
        let capability = mediaCapability
        let base = request.base
        return { hash in "\(base)/media/\(hash)?sig=\(capability.signature(hash))" }
    }
}
