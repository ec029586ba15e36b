import Foundation
import Models

/// Where to start a page. Values are opaque: status ids, or row ids for bookmarks and favourites.
public struct PageCursor: Hashable, Sendable, Codable {
    /// Strictly older than this.
    public var maxID: String?
    /// The items immediately newer than this (returned newest first).
    public var minID: String?
    /// Mastodon caps timelines at 40.
    public var limit: Int?

    public init(maxID: String? = nil, minID: String? = nil, limit: Int? = nil) {
        self.maxID = maxID
        self.minID = minID
        self.limit = limit
    }

    var queryItems: [URLQueryItem] {
        [
            maxID.map { URLQueryItem(name: "max_id", value: $0) },
            minID.map { URLQueryItem(name: "min_id", value: $0) },
            limit.map { URLQueryItem(name: "limit", value: String($0)) },
        ].compactMap { $0 }
    }
}

/// One page of a paginated endpoint with the cursors its `Link` header gives.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Statuses on the page that could not be read, each kept with its bytes.
    public var unreadable: [UnreadableStatus]
    /// How many entries the server sent, readable, unreadable or skipped (notifications of types not
    /// asked for): a page is the end of a timeline only when this is 0.
    public var served: Int
    /// The cursor ids of the first and last entries sent (status ids; notification ids for
    /// notifications), for when the `Link` header gives none.
    public var firstID: String?
    public var lastID: String?
    /// Older items: the `max_id` of the `rel="next"` link.
    public var next: String?
    /// Newer items: the `min_id` of the `rel="prev"` link.
    public var previous: String?
    public var rateLimit: RateLimit?
    /// The HTTP status (206 means Mastodon is still regenerating the home feed).
    public var httpStatus: Int
    /// The notifications of a page of notifications, each kept whole (their statuses are also `items`).
    public var notifications: [ArchivableNotification] = []
    /// The conversations of a page of conversations, each kept whole (their last statuses are also `items`).
    public var conversations: [ArchivableConversation] = []
    /// Another Icebox cut the page short of its bytes (``MirrorExtension/cutHeader``): fewer items than
    /// asked for is then no sign that the timeline was read to its top.
    public var cut = false

    public init(
        items: [Item], next: String?, previous: String?, rateLimit: RateLimit?, httpStatus: Int = 200,
        unreadable: [UnreadableStatus] = [], served: Int? = nil, firstID: String? = nil, lastID: String? = nil
    ) {
        self.items = items
        self.unreadable = unreadable
        self.served = served ?? items.count
        self.firstID = firstID
        self.lastID = lastID
        self.next = next
        self.previous = previous
        self.rateLimit = rateLimit
        self.httpStatus = httpStatus
    }
}
