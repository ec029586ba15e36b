import ArchiveCore
import Foundation

/// Notifications and conversations as the archive's Mastodon API gives them (issue 45): the objects the
/// archiving account's server sent, with every account given the archive's id (its full handle) and the
/// status each is about rendered as the API renders statuses, by its uri: the archived status in the
/// archive's id space, or `null` when the archive does not hold it (never the server's id).
extension APIStatusPage {
    /// The notifications, in their order, as a JSON array; `server` is the archiving account's
    /// (`https://host`), whose objects they are. A notification whose raw JSON is no object is left out.
    public func notifications(_ notifications: [ArchivedNotification], server: String) async throws(ArchiveError)
        -> Data
    {
        let statuses = try await statusObjects(uris: notifications.compactMap(\.statusURI))
        let objects = notifications.compactMap { notification -> [String: Any]? in
            guard var object = Self.object(notification.raw) else { return nil }
            object["id"] = notification.id
            if let account = object["account"] as? [String: Any] {
                object["account"] = APIAccountObject.rendered(account, server: server)
            }
            if let uri = notification.statusURI {
                object["status"] = statuses[uri] ?? NSNull()
            } else if object["status"] != nil {
                object["status"] = NSNull()
            }
            return object
        }
        return APIJSON.data(objects)
    }

    /// The conversations, in their order, as a JSON array: their accounts and `last_status` mapped as a
    /// notification's are.
    public func conversations(_ conversations: [ArchivedConversation], server: String) async throws(ArchiveError)
        -> Data
    {
        let statuses = try await statusObjects(uris: conversations.compactMap(\.lastStatusURI))
        let objects = conversations.compactMap { conversation -> [String: Any]? in
            guard var object = Self.object(conversation.raw) else { return nil }
            object["id"] = conversation.id
            let accounts = object["accounts"] as? [[String: Any]] ?? []
            object["accounts"] = accounts.map { APIAccountObject.rendered($0, server: server) }
            object["last_status"] = conversation.lastStatusURI.flatMap { statuses[$0] } ?? NSNull()
            return object
        }
        return APIJSON.data(objects)
    }

    /// The archived statuses with these uris, rendered, by uri.
    func statusObjects(uris: [String]) async throws(ArchiveError) -> [String: [String: Any]] {
        let rows = try await store.apiRows(uris: Array(Set(uris)))
        var found: [String: [String: Any]] = [:]
        for rendered in try await objects(rows) {
            if let uri = rendered.object["uri"] as? String { found[uri] = rendered.object }
        }
        return found
    }

    static func object(_ raw: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: raw)) as? [String: Any]
    }
}
