import Foundation
import Models

extension MastodonClient {
    /// One page of every notification the server sends (issue 44), each kept with its exact bytes, and
    /// the statuses they are about as the page's items. A notification of a type not known yet is kept
    /// as it came; one whose status cannot be read is kept all the same, its status on the page's
    /// `unreadable` list; one without an id or type to keep it by is on that list itself, with its
    /// bytes. The page's ids are the notifications' own (the cursor their list pages by).
    public func notifications(cursor: PageCursor) async throws(APIError) -> Page<ArchivableStatus> {
        var notifications: [ArchivableNotification] = []
        var page = try await pageOfObjects(
            Notifications.list(types: []), cursor: cursor, cursorID: ArchivableStatus.peekID
        ) {
            element in
            let (notification, unreadableStatus) = try ArchivableNotification.decode(element, servedBy: server.host)
            notifications.append(notification)
            return (notification.status, unreadableStatus)
        }
        page.notifications = notifications
        return page
    }

    /// One page of direct-message conversations (issue 44), each kept with its exact bytes, and their last
    /// statuses as the page's items (one that cannot be read on the page's `unreadable` list, the
    /// conversation kept all the same). Mastodon pages them by their last statuses' ids, so the page's ids
    /// are those.
    public func conversations(cursor: PageCursor) async throws(APIError) -> Page<ArchivableStatus> {
        var conversations: [ArchivableConversation] = []
        var page = try await pageOfObjects(Conversations.list, cursor: cursor, cursorID: Self.lastStatusID) { element in
            let conversation = try ArchivableConversation.decode(element, servedBy: server.host)
            conversations.append(conversation)
            return (conversation.lastStatus?.status, conversation.lastStatus?.unreadable)
        }
        page.conversations = conversations
        return page
    }

    /// The id of a conversation's last status, its cursor.
    private static func lastStatusID(_ conversation: Data) -> String? {
        (try? RawJSON.value(forKey: "last_status", inObject: conversation)).flatMap(ArchivableStatus.peekID)
    }

    /// One page of objects that each carry a status (notifications, conversations): `read` reads one
    /// object, keeping it, and gives its status or the status it could not read; an object `read` throws
    /// on is on the page's unreadable list itself, with its bytes. `cursorID` names an object's cursor.
    private func pageOfObjects(
        _ endpoint: some Endpoint, cursor: PageCursor, cursorID: (Data) -> String?,
        _ read: (Data) throws -> (ArchivableStatus?, UnreadableStatus?)
    ) async throws(APIError) -> Page<ArchivableStatus> {
        let response = try await sendExpectingJSON(endpoint, cursor: cursor)
        let elements: [Data]
        do {
            elements = try RawJSON.elements(ofArray: response.body)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        }
        var decoded = DecodedStatuses(served: elements.count)
        for element in elements {
            do {
                let (status, unreadableStatus) = try read(element)
                if let status { decoded.items.append(status) }
                if let unreadableStatus { decoded.unreadable.append(unreadableStatus) }
            } catch {
                decoded.unreadable.append(
                    UnreadableStatus(raw: element, id: ArchivableStatus.peekID(element), reason: "\(error)"))
            }
        }
        decoded.firstID = elements.first.flatMap(cursorID)
        decoded.lastID = elements.last.flatMap(cursorID)
        return Self.page(decoded, response)
    }
}
