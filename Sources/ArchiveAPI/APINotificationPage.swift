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
                object["status"] = statuses.objects[uri] ?? NSNull()
            } else if object["status"] != nil {
                object["status"] = NSNull()
            }
            return object
        }
        return statuses.array(objects)
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
            object["last_status"] = conversation.lastStatusURI.flatMap { statuses.objects[$0] } ?? NSNull()
            return object
        }
        return statuses.array(objects)
    }

    /// The archived statuses with these uris, rendered, by uri. For another Icebox each stands as a
    /// placeholder, replaced by the status spliced with its archived bytes once the whole list is written
    /// (``EmbeddedStatuses/array(_:)``), so those bytes are never parsed and written again.
    func statusObjects(uris: [String]) async throws(ArchiveError) -> EmbeddedStatuses {
        let rows = try await store.apiRows(uris: Array(Set(uris)))
        var found = EmbeddedStatuses()
        for rendered in try await objects(rows) {
            guard let uri = rendered.object["uri"] as? String else { continue }
            if mirror, let spliced = data(rendered) {
                let token = "icebox-mirror-status-\(UUID().uuidString)"
                found.objects[uri] = token
                found.spliced[token] = spliced
            } else {
                found.objects[uri] = rendered.object
            }
        }
        return found
    }

    static func object(_ raw: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: raw)) as? [String: Any]
    }
}

/// Statuses to embed in notifications or conversations: each as its object, or, for another Icebox, as a
/// placeholder string that ``array(_:)`` replaces by the status's bytes.
struct EmbeddedStatuses {
    var objects: [String: Any] = [:]
    var spliced: [String: Data] = [:]

    /// `objects` as a JSON array, each placeholder (a JSON string) replaced by its status's bytes.
    func array(_ objects: [[String: Any]]) -> Data {
        var data = APIJSON.data(objects)
        for (token, bytes) in spliced {
            let quoted = Data("\"\(token)\"".utf8)
            while let range = data.range(of: quoted) { data.replaceSubrange(range, with: bytes) }
        }
        return data
    }
}
