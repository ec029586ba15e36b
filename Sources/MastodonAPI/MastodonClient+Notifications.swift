import Foundation
import Models

extension MastodonClient {
    /// One page of every notification the server sends (issue 44), each kept with its exact bytes, and
    /// the statuses they are about as the page's items. A notification of a type not known yet is kept
    /// as it came; one whose status cannot be read is kept all the same, its status on the page's
    /// `unreadable` list; one without an id or type to keep it by is on that list itself, with its
    /// bytes. The page's ids are the notifications' own (the cursor their list pages by).
    public func notifications(cursor: PageCursor) async throws(APIError) -> Page<ArchivableStatus> {
        let endpoint = Notifications.list(types: [])
        let response = try await sendExpectingJSON(endpoint, cursor: cursor)
        let elements: [Data]
        do {
            elements = try RawJSON.elements(ofArray: response.body)
        } catch {
            throw .malformed(server: server.host, path: endpoint.path, reason: error.description)
        }
        var notifications: [ArchivableNotification] = []
        var decoded = DecodedStatuses(served: elements.count)
        for element in elements {
            do {
                let (notification, unreadableStatus) = try ArchivableNotification.decode(element, servedBy: server.host)
                notifications.append(notification)
                if let status = notification.status { decoded.items.append(status) }
                if let unreadableStatus { decoded.unreadable.append(unreadableStatus) }
            } catch {
                decoded.unreadable.append(
                    UnreadableStatus(raw: element, id: ArchivableStatus.peekID(element), reason: error.description))
            }
        }
        decoded.firstID = elements.first.flatMap(ArchivableStatus.peekID)
        decoded.lastID = elements.last.flatMap(ArchivableStatus.peekID)
        var page = Self.page(decoded, response)
        page.notifications = notifications
        return page
    }
}
