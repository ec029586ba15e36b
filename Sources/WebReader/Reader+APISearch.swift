import ArchiveAPI
import ArchiveCore
import Foundation
import SearchQuery

/// `/api/v2/search` of the archive's Mastodon API (issue 45): statuses found by Icebox's own search
/// language and the archive's consent setting (so `from:me #swift` works from an app, and an author who
/// opted out of search is not found), archived accounts by handle or name, and archived hashtags by
/// their beginning. `type`, `limit` (default 20, at most 40) and `offset` as Mastodon's; `resolve` asks
/// no server: the archive answers from what it holds.
extension Reader {
    func apiSearch(_ request: APIRequest) async throws -> Reply {
        let text = (request.parameters["q"] ?? "").trimmingCharacters(in: .whitespaces)
        let type = request.parameters["type"]
        let limit = APIPaging(request.parameters).limit
        // Mastodon reads at most the first 10,000 results; a larger offset would only make the store scan.
        let offset = min(max(0, request.parameters["offset"].flatMap { Int($0) } ?? 0), 10_000)
        var statuses = Data("[]".utf8)
        var accounts: [[String: Any]] = []
        var hashtags: [[String: Any]] = []
        if !text.isEmpty, type == nil || type == "statuses" {
            let query: SearchQuery
            do { query = try SearchQuery(parsing: text) } catch {
                throw APIFailure(status: .badRequest, message: "Search: \(error.description)")
            }
            if !query.isEmpty {
                let hits = try await store.search(
                    query, sort: .newest, limit: limit, offset: offset, consent: try await store.consentPolicy())
                let rows = Dictionary(
                    try await store.apiRows(numbers: hits.map(\.number)).map { ($0.number, $0) },
                    uniquingKeysWith: { first, _ in first })
                statuses = try await apiStatusPage(request).render(hits.compactMap { rows[$0.number] }).json
            }
        }
        let bare = text.hasPrefix("@") || text.hasPrefix("#") ? String(text.dropFirst()) : text
        if !bare.isEmpty, type == nil || type == "accounts" {
            let own = try await store.accounts()
            for handle in try await store.apiAuthors(containing: bare, limit: limit, offset: offset) {
                if let object = try await apiAccountObject(handle, accounts: own) { accounts.append(object) }
            }
        }
        let tag = Hashtag.normalized(bare)
        if !tag.isEmpty, type == nil || type == "hashtags" {
            hashtags = try await store.apiTags(prefix: tag, limit: limit, offset: offset).map { name in
                ["name": name, "url": "\(request.base)/tags/\(name)", "history": [Any](), "following": false]
            }
        }
        let head = APIAccountJSON.data(["accounts": accounts, "hashtags": hashtags])
        // The statuses are written as rendered, between the other two.
        return .api(Data(head.dropLast()) + Data(",\"statuses\":".utf8) + statuses + Data("}".utf8))
    }
}
