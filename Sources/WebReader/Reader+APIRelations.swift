import ArchiveAPI
import ArchiveCore
import Foundation

/// The relations of the archive's Mastodon API (issue 45), from the relation ledger (`icebox sync`'s
/// walks of the graph): whom an archiving account follows and who follows it, the token's account's
/// mutes, blocks, blocked domains, endorsements, followed and featured hashtags, and its relationships.
/// Only relations that hold are listed, in the order the ledger first saw them (the server's order at
/// the first walk), paged by position (``PositionPage``).
extension Reader {
    /// `/api/v1/accounts/:id/following` and `/followers`: the ledger holds the relations of the archive's
    /// own accounts only; another archived account lists none, an account the archive does not know is
    /// 404.
    func apiRelations(of id: String, kind: RelationKind, _ request: APIRequest) async throws -> Reply {
        guard let own = try await store.ownAccount(id.hasPrefix("@") ? String(id.dropFirst()) : id) else {
            guard try await apiAccountObject(id) != nil else { throw APIFailure.notFound }
            return .api(Data("[]".utf8))
        }
        return try await relationPage(own, kind: kind, request)
    }

    /// `/api/v1/mutes`, `/blocks`, `/domain_blocks`, `/endorsements`, `/followed_tags`, `/featured_tags`:
    /// the token's account's.
    func ownRelations(_ kind: RelationKind, _ request: APIRequest) async throws -> Reply {
        guard let account = try await tokenAccount(request) else { return .api(Data("[]".utf8)) }
        return try await relationPage(account, kind: kind, request)
    }

    private func relationPage(_ account: ArchivingAccount, kind: RelationKind, _ request: APIRequest) async throws
        -> Reply
    {
        let page = Self.positionPage(request)
        let rows = try await store.apiRelations(of: account.id, kind: kind, limit: page.limit, offset: page.offset)
        let objects: [Any]
        switch kind {
        case .domainBlocks: objects = rows.map(\.target)
        case .followedTags, .featuredTags:
            objects = APIRelationJSON.tags(rows, base: request.base, featured: kind == .featuredTags)
        default: objects = APIRelationJSON.accounts(rows, server: account.server)
        }
        return .api(APIAccountJSON.data(objects), link: Self.positionLink(request, page: page, count: rows.count))
    }

    /// `/api/v1/accounts/relationships?id[]=…`: the token's account's relationship with each account
    /// named (by the archive's ids, full handles), as the ledger says it; at most 80 asked at once.
    func apiRelationships(_ request: APIRequest) async throws -> Reply {
        let handles = Array(request.list("id").prefix(80))
        guard let account = try await tokenAccount(request), !handles.isEmpty else {
            return .api(APIAccountJSON.data(handles.map { APIRelationJSON.relationship($0, relations: []) }))
        }
        let domains = handles.compactMap { $0.split(separator: "@").last.map(String.init) }
        let relations = try await store.apiRelationships(of: account.id, targets: handles + domains)
        return .api(APIAccountJSON.data(handles.map { APIRelationJSON.relationship($0, relations: relations) }))
    }
}
