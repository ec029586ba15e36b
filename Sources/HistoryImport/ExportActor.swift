import Foundation

/// The account an export belongs to, from its `actor.json` (an ActivityPub Person), and the same
/// account as a Mastodon API account object, for the statuses mapped from its outbox.
struct ExportActor: Sendable {
    /// The actor's id (its uri).
    var uri: String
    var username: String
    /// The host (with port) the account is on: its statuses' ids are that server's.
    var server: String
    /// The followers collection, for telling followers-only posts apart.
    var followers: String?
    /// The account as the Mastodon API describes it.
    var apiAccount: MappedAccount

    /// `user@host`.
    var handle: String { "\(username)@\(server)" }

    /// Whether an object's id is on the actor's own server (the same scheme, host and port as the actor's
    /// id): only such an object is the actor's. A file that names another server's object in its outbox
    /// does not make it the actor's post.
    func owns(_ id: String) -> Bool {
        guard let mine = Self.origin(of: uri), let theirs = Self.origin(of: id) else { return false }
        return mine == theirs
    }

    /// Scheme, host and port (the scheme's own when none is written) of an http(s) URL, lowercased.
    private static func origin(of uri: String) -> String? {
        guard let url = URLComponents(string: uri), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = url.host?.lowercased(), !host.isEmpty,
            url.user == nil, url.password == nil
        else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// Reads `actor.json`; `nil` with the reason when it is no actor.
    static func parse(_ data: Data) -> Result<ExportActor, MappingFailure> {
        guard let object = try? JSONDecoder().decode(Person.self, from: data) else {
            return .failure(MappingFailure(reason: "not a JSON object"))
        }
        guard let uri = object.id, let url = URLComponents(string: uri), let host = url.host,
            url.scheme == "https" || url.scheme == "http"
        else {
            return .failure(MappingFailure(reason: "no http(s) \"id\""))
        }
        guard let username = object.preferredUsername, !username.isEmpty else {
            return .failure(MappingFailure(reason: "no \"preferredUsername\""))
        }
        let server = url.port.map { "\(host):\($0)" } ?? host
        let account = MappedAccount(
            id: uri, username: username, acct: username, uri: uri, url: object.url ?? uri,
            displayName: object.name ?? "", note: object.summary ?? "", bot: object.type == "Service",
            locked: object.manuallyApprovesFollowers ?? false, createdAt: object.published)
        return .success(
            ExportActor(
                uri: uri, username: username, server: server, followers: object.followers,
                apiAccount: account))
    }

    /// What is read of the Person.
    private struct Person: Decodable {
        var id, type, preferredUsername, name, summary, url, published, followers: String?
        var manuallyApprovesFollowers: Bool?

        private enum Key: String, CodingKey {
            case id, type, preferredUsername, name, summary, url, published, followers, manuallyApprovesFollowers
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            id = c.loose(String.self, .id)
            type = c.loose(String.self, .type)
            preferredUsername = c.loose(String.self, .preferredUsername)
            name = c.loose(String.self, .name)
            summary = c.loose(String.self, .summary)
            url = c.link(.url)
            published = c.loose(String.self, .published)
            followers = c.loose(String.self, .followers)
            manuallyApprovesFollowers = c.boolean(.manuallyApprovesFollowers)
        }
    }
}

/// Why a source object cannot be mapped, in words.
struct MappingFailure: Error, Sendable {
    var reason: String
}
