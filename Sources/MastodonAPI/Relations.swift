import Foundation

/// The archiving account's relations (issue 44), each a list of JSON entries: whom it follows and who
/// follows it (by its id on its server), whom it mutes, blocks and endorses, which domains it blocks,
/// which hashtags it follows and features, its lists and each list's members (each paged with a `Link`
/// header where Mastodon pages it), and its relationships with up to 40 accounts at once (whose `note`
/// is its private note on each); and who favourited and who boosted one of its own posts. Read with
/// the `read` scope; nothing here writes.
public enum Relations: Endpoint, Hashable {
    case following(accountID: String)
    case followers(accountID: String)
    case mutes
    case blocks
    case domainBlocks
    case endorsements
    case followedTags
    /// One array, not paged.
    case featuredTags
    /// One array, not paged.
    case lists
    case listAccounts(listID: String)
    /// `?id[]=…`: the accounts' relationships with the caller, those that exist and are not suspended.
    case relationships(accountIDs: [String])
    /// Who favourited, and who boosted, a status of the caller's server (by its id there), paged.
    case favouritedBy(statusID: String)
    case rebloggedBy(statusID: String)

    /// The most accounts a relationships request asks about.
    public static let relationshipsPerRequest = 40

    public var path: String {
        switch self {
        case .following(let id): "/api/v1/accounts/\(segment(id))/following"
        case .followers(let id): "/api/v1/accounts/\(segment(id))/followers"
        case .mutes: "/api/v1/mutes"
        case .blocks: "/api/v1/blocks"
        case .domainBlocks: "/api/v1/domain_blocks"
        case .endorsements: "/api/v1/endorsements"
        case .followedTags: "/api/v1/followed_tags"
        case .featuredTags: "/api/v1/featured_tags"
        case .lists: "/api/v1/lists"
        case .listAccounts(let id): "/api/v1/lists/\(segment(id))/accounts"
        case .relationships: "/api/v1/accounts/relationships"
        case .favouritedBy(let id): "/api/v1/statuses/\(segment(id))/favourited_by"
        case .rebloggedBy(let id): "/api/v1/statuses/\(segment(id))/reblogged_by"
        }
    }
    public var queryItems: [URLQueryItem] {
        guard case .relationships(let ids) = self else { return [] }
        return ids.map { URLQueryItem(name: "id[]", value: $0) }
    }
    public var requiresToken: Bool { true }
}
