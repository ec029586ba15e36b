import Foundation
import MastodonAPI
import Models

/// Which stream of the streaming API carries a pinned timeline; nil for those without one (they are
/// polled): bookmarks, favourites, own posts, notifications and conversations (kept whole, with their pages' cursors). Mentions come as `notification` events of the `user` stream.
enum StreamRoute {
    static func endpoint(for spec: TimelineSpec) -> StreamingEndpoint? {
        switch spec {
        case .home, .mentions: .user
        case .local, .remote: .publicFeed(local: true)
        case .federated: .publicFeed(local: false)
        case .tag(let tag), .remoteTag(let tag, _): .hashtag(tag, local: false)
        case .list(let id): .list(id)
        case .bookmarks, .favourites, .own, .notifications, .conversations: nil
        }
    }

    /// What an event of the timeline's stream keeps; nil for heartbeats and the events of the stream
    /// that belong to another timeline (on `user`: statuses for home, mention notifications for mentions).
    static func item(_ event: ServerEvent, timelineID: Int64, mentions: Bool) -> WatchItem? {
        guard case .event(let name, let data) = event else { return nil }
        switch name {
        case "update" where !mentions, "status.update" where !mentions:
            return WatchItem(timelineID: timelineID, kind: .status(Data(data.utf8)), continuous: true)
        case "notification" where mentions:
            let object = Data(data.utf8)
            guard (try? RawJSON.value(forKey: "type", inObject: object)) == Data(#""mention""#.utf8),
                let status = try? RawJSON.value(forKey: "status", inObject: object), status.first == UInt8(ascii: "{")
            else { return nil }
            // Mentions are paged by notification ids: their events never move the cursor.
            return WatchItem(timelineID: timelineID, kind: .status(status), continuous: false)
        case "delete":
            let id = data.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !id.isEmpty, id.count <= 64 else { return nil }
            return WatchItem(timelineID: timelineID, kind: .delete(id), continuous: true)
        default:
            return nil
        }
    }
}
