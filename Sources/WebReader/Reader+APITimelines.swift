import ArchiveAPI
import ArchiveCore
import Foundation
import Models

/// The timelines of the archive's Mastodon API (issue 45): the token's account's own pinned timelines
/// (home, bookmarks, favourites, lists) as they were archived, a hashtag's posts and the public posts
/// the archive holds.
extension Reader {
    /// A timeline the token's account pinned (`icebox timeline add`): its archived entries, newest first.
    /// A timeline it did not archive is an empty list, as a server's is before anything arrives; an app's
    /// own token (no account) reads no one's.
    func ownTimeline(_ spec: TimelineSpec, _ request: APIRequest) async throws -> Reply {
        guard let account = request.account else {
            throw APIFailure(status: .unprocessableContent, message: "This method requires an authenticated user")
        }
        let pinned = try await store.apiTimelines().first {
            $0.spec == spec.description && $0.accountHandle?.lowercased() == account.lowercased()
        }
        guard let pinned else {
            if case .list = spec { throw APIFailure.notFound }
            return .api(Data("[]".utf8))
        }
        return try await statuses(.timeline(id: pinned.id), request)
    }

    /// `/api/v1/timelines/public`: every archived public post, newest first; `local=true` those of
    /// accounts on the token's account's server, `remote=true` the others.
    func publicTimeline(_ request: APIRequest) async throws -> Reply {
        let local = request.flag("local")
        let remote = request.flag("remote")
        var host: String?
        if local || remote, let account = request.account, let at = account.lastIndex(of: "@") {
            host = String(account[account.index(after: at)...])
        }
        return try await statuses(.everything(host: host, remote: remote && !local), request)
    }

    /// `/api/v1/lists`: the token's account's lists as last archived (ended lists left out).
    func apiLists(_ request: APIRequest) async throws -> Reply {
        guard let handle = request.account,
            let account = try await store.accounts().first(where: { $0.handle.lowercased() == handle.lowercased() })
        else { return .api(Data("[]".utf8)) }
        let lists = try await store.lists(of: account.id, includeEnded: false).map { list -> [String: Any] in
            [
                "id": list.id, "title": list.title, "replies_policy": list.repliesPolicy ?? "list",
                "exclusive": list.exclusive ?? false,
            ]
        }
        return .api(APIAccountJSON.data(lists))
    }
}
