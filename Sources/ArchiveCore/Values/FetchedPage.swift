import Foundation
import Models

/// A page a sync fetched and has not stored yet: its statuses, those that could not be read, where it
/// came from and how it moves its timeline's cursors (see ``ArchiveStore/store(pages:)``).
public struct FetchedPage: Sendable {
    public var statuses: [ArchivableStatus]
    public var unreadable: [UnreadableStatus]
    public var origin: PageOrigin
    /// The timeline's cursors after this page, stored with it; `nil` leaves them.
    public var cursor: CursorUpdate?
    /// A page of notifications' notifications, each kept whole in the page's transaction (their statuses
    /// are among `statuses` or `unreadable`).
    public var notifications: [ArchivableNotification] = []
    /// A page of conversations' conversations, each kept whole in the page's transaction (their last
    /// statuses are among `statuses` or `unreadable`).
    public var conversations: [ArchivableConversation] = []

    public init(
        statuses: [ArchivableStatus], unreadable: [UnreadableStatus], origin: PageOrigin, cursor: CursorUpdate?
    ) {
        self.statuses = statuses
        self.unreadable = unreadable
        self.origin = origin
        self.cursor = cursor
    }

    /// The bytes the server sent for the page's statuses, readable or not: what holding it costs.
    public var rawBytes: Int {
        statuses.reduce(0) { $0 + $1.raw.count } + unreadable.reduce(0) { $0 + $1.raw.count }
            + notifications.reduce(0) { $0 + $1.raw.count } + conversations.reduce(0) { $0 + $1.raw.count }
    }
}
