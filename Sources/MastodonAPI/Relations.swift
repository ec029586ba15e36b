import Foundation

/// The archiving account's relations (issue 44), each a paged list with a `Link` header: whom it
/// follows and who follows it (by its id on its server), whom it mutes and blocks, which domains it
/// blocks. Read with the `read` scope; nothing here writes.
public enum Relations: Endpoint, Hashable {
    case following(accountID: String)
    case followers(accountID: String)
    case mutes
    case blocks
    case domainBlocks

    public var path: String {
        switch self {
        case .following(let id): "/api/v1/accounts/\(segment(id))/following"
        case .followers(let id): "/api/v1/accounts/\(segment(id))/followers"
        case .mutes: "/api/v1/mutes"
        case .blocks: "/api/v1/blocks"
        case .domainBlocks: "/api/v1/domain_blocks"
        }
    }
    public var requiresToken: Bool { true }
}
