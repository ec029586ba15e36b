import MastodonAPI
import Models

/// Which stream of the streaming API carries a pinned timeline; nil for those without one (they are
/// polled): bookmarks, favourites, own posts, mentions.
enum StreamRoute {
    static func endpoint(for spec: TimelineSpec) -> StreamingEndpoint? {
        switch spec {
        case .home: .user
        case .local, .remote: .publicFeed(local: true)
        case .federated: .publicFeed(local: false)
        case .tag(let tag), .remoteTag(let tag, _): .hashtag(tag, local: false)
        case .list(let id): .list(id)
        case .bookmarks, .favourites, .own, .mentions: nil
        }
    }
}
