import ArchiveCore
import Models

extension TimelineSpec {
    /// How a page of the reader names the timeline, in words rather than as it is typed: "Home
    /// timeline", "#swift", "Local timeline of example.social" (a server's URL shown as its host).
    var heading: String {
        switch self {
        case .home: "Home timeline"
        case .local: "Local timeline"
        case .federated: "Federated timeline"
        case .tag(let tag): "#\(tag)"
        case .list(let id): "List \(id)"
        case .bookmarks: "Bookmarks"
        case .favourites: "Favourites"
        case .own: "Own posts and boosts"
        case .mentions: "Mentions"
        case .notifications: "Notifications"
        case .conversations: "Direct-message conversations"
        case .remote(let server): "Local timeline of \(ServerAuthority.of(server))"
        case .remoteTag(let tag, let server): "#\(tag) on \(ServerAuthority.of(server))"
        }
    }
}
