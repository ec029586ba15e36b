import ArchiveAPI
import ArchiveCore
import Foundation
import Models

/// The instance, the owner and accounts in the archive's Mastodon API (issue 45). An account's id is its
/// full handle, `user@host`: the one name it has in every copy the archive keeps.
extension Reader {
    /// `/api/v1/instance` and `/api/v2/instance`: an instance named for the archive, whose version says it
    /// is Icebox and read-only (as Pleroma's says it is Pleroma), with Mastodon's limits. It answers
    /// without a token (apps read it before they sign in), and then names no account: any web page may
    /// ask it.
    func instance(_ request: APIRequest, version api: Int, signedIn: Bool) async throws -> Reply {
        let accounts = signedIn ? try await store.accounts() : []
        let handles = accounts.map(\.handle).joined(separator: ", ")
        let contact = try await accounts.first.asyncMap { try await apiAccountObject($0.handle, accounts: accounts) }
        let object = APIInstance.object(
            version: api, domain: URL(string: request.base)?.host ?? "localhost",
            title: handles.isEmpty ? "Icebox archive" : "Icebox archive of \(handles)", icebox: version,
            contact: contact)
        return .api(APIAccountJSON.data(object))
    }

    /// `/api/v1/accounts/verify_credentials`: the archiving account the token reads as.
    func verifyCredentials(_ request: APIRequest) async throws -> Reply {
        guard let handle = request.account, var object = try await apiAccountObject(handle) else {
            throw APIFailure(status: .unprocessableContent, message: "This method requires an authenticated user")
        }
        object["source"] = [
            "privacy": "public", "sensitive": false, "language": NSNull(), "note": object["note"] ?? "",
            "fields": object["fields"] ?? [], "follow_requests_count": 0,
        ]
        return .api(APIAccountJSON.data(object))
    }

    /// `/api/v1/accounts/:id` (and `lookup?acct=`).
    func account(_ id: String, _ request: APIRequest) async throws -> Reply {
        guard let object = try await apiAccountObject(id) else { throw APIFailure.notFound }
        return .api(APIAccountJSON.data(object))
    }

    /// `/api/v1/accounts/:id/statuses`: the author's posts and boosts, newest first. The archive does
    /// not know which posts were pinned: `pinned=true` lists none.
    func accountStatuses(_ id: String, _ request: APIRequest) async throws -> Reply {
        guard let object = try await apiAccountObject(id), let handle = object["id"] as? String else {
            throw APIFailure.notFound
        }
        if request.flag("pinned") { return .api(Data("[]".utf8)) }
        let filter = APIScope.AuthorFilter(
            excludeReplies: request.flag("exclude_replies"), excludeReblogs: request.flag("exclude_reblogs"),
            onlyMedia: request.flag("only_media"))
        return try await statuses(.author(handle, filter: filter), request)
    }

    /// The account object of a handle as the API gives it: as last archived, else made from what the
    /// archive knows of one of its own accounts; `nil` when it knows neither.
    /// `accounts`: the archiving accounts when the caller has read them already (a list of accounts reads
    /// them once, not once per account).
    func apiAccountObject(_ handle: String, accounts: [ArchivingAccount]? = nil) async throws -> [String: Any]? {
        let handle = handle.hasPrefix("@") ? String(handle.dropFirst()) : handle
        guard handle.contains("@") else { return nil }
        var known = accounts ?? []
        if accounts == nil { known = try await store.accounts() }
        let own = known.first { $0.handle.lowercased() == handle.lowercased() }
        if let raw = try await store.authorJSON(handle: handle),
            let object = (try? JSONSerialization.jsonObject(with: raw)) as? [String: Any]
        {
            return APIAccountJSON.rendered(object, handle: own?.handle ?? handle.lowercased())
        }
        guard let own else { return nil }
        return [
            "id": own.handle, "username": own.username, "acct": own.handle, "display_name": own.displayName,
            "url": own.url ?? NSNull(), "note": "", "avatar": "", "avatar_static": "", "header": "",
            "header_static": "", "locked": false, "bot": false, "fields": [], "emojis": [],
            "created_at": own.addedAt, "followers_count": 0, "following_count": 0, "statuses_count": 0,
        ]
    }
}

extension Optional {
    /// The wrapped value transformed by an async function, or `nil`.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
