import Foundation

/// The account an export belongs to, from its `actor.json` (an ActivityPub Person), and the same
/// account as a Mastodon API account object, for the statuses mapped from its outbox.
///
/// `@unchecked Sendable`: immutable once parsed, and `apiAccount` holds only JSON values (strings,
/// numbers, booleans, arrays and dictionaries of them) as `JSONSerialization` makes them.
struct ExportActor: @unchecked Sendable {
    /// The actor's id (its uri).
    var uri: String
    var username: String
    /// The host (with port) the account is on: its statuses' ids are that server's.
    var server: String
    /// The followers collection, for telling followers-only posts apart.
    var followers: String?
    /// The account as the Mastodon API describes it.
    var apiAccount: [String: Any]

    /// `user@host`.
    var handle: String { "\(username)@\(server)" }

    /// Reads `actor.json`; `nil` with the reason when it is no actor.
    static func parse(_ data: Data) -> Result<ExportActor, MappingFailure> {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return .failure(MappingFailure(reason: "not a JSON object"))
        }
        guard let uri = object["id"] as? String, let url = URLComponents(string: uri), let host = url.host,
              url.scheme == "https" || url.scheme == "http" else {
            return .failure(MappingFailure(reason: "no http(s) \"id\""))
        }
        guard let username = object["preferredUsername"] as? String, !username.isEmpty else {
            return .failure(MappingFailure(reason: "no \"preferredUsername\""))
        }
        let server = url.port.map { "\(host):\($0)" } ?? host
        var account: [String: Any] = [
            "id": uri, "username": username, "acct": username, "uri": uri,
            "display_name": object["name"] as? String ?? "", "note": object["summary"] as? String ?? "",
            "bot": (object["type"] as? String) == "Service", "locked": object["manuallyApprovesFollowers"] as? Bool ?? false,
            "followers_count": 0, "following_count": 0, "fields": [Any](), "emojis": [Any](),
        ]
        account["url"] = ActivityValue.link(object["url"]) ?? uri
        if let published = object["published"] as? String { account["created_at"] = published }
        return .success(ExportActor(uri: uri, username: username, server: server,
                                    followers: object["followers"] as? String, apiAccount: account))
    }
}

/// Reading ActivityPub values that come in several shapes.
enum ActivityValue {
    /// A link given as a string, a Link object (`href`) or an array of either: the first.
    static func link(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let object as [String: Any]: (object["href"] as? String) ?? (object["url"] as? String)
        case let list as [Any]: list.lazy.compactMap { link($0) }.first
        default: nil
        }
    }

    /// An addressing field (`to`, `cc`): a string or an array of strings.
    static func addresses(_ value: Any?) -> [String] {
        switch value {
        case let text as String: [text]
        case let list as [Any]: list.compactMap { $0 as? String }
        default: []
        }
    }

    /// An array field that may be one object.
    static func objects(_ value: Any?) -> [[String: Any]] {
        switch value {
        case let object as [String: Any]: [object]
        case let list as [Any]: list.compactMap { $0 as? [String: Any] }
        default: []
        }
    }
}

/// Why a source object cannot be mapped, in words.
struct MappingFailure: Error, Sendable {
    var reason: String
}
