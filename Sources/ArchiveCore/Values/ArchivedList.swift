import Foundation
import Models

/// One of an archiving account's lists as the ledger keeps it, with its members:
/// `icebox account lists --json`. A renamed list keeps its id, and so its members; a list deleted on
/// the server ends, and so do its members.
public struct ArchivedList: Codable, Sendable, Hashable {
    /// The archiving account's handle.
    public var account: String
    /// The list's id on the account's server: what `list:ID` pins.
    public var id: String
    /// Its title as last seen.
    public var title: String
    /// Which replies it shows (`followed`, `list` or `none`), as last seen; nil when the server gave none.
    @EncodedAsNull public var repliesPolicy: String?
    /// Whether its members' posts are kept out of the home timeline, as last seen.
    @EncodedAsNull public var exclusive: Bool?
    /// When Icebox first saw it, when a walk last saw it, and when a whole walk no longer found it.
    public var since: String
    public var lastSeenAt: String
    @EncodedAsNull public var endedAt: String?
    /// Its members, by handle: each a relation of kind `list_members`, as the other listings have them.
    public var members: [ArchivedRelation]

    enum CodingKeys: String, CodingKey {
        case account, id, title, exclusive, since, members
        case repliesPolicy = "replies_policy"
        case lastSeenAt = "last_seen_at"
        case endedAt = "ended_at"
    }

    /// A list of `account` as its server answers at `now`, before any walk of the account's lists kept it:
    /// seen now, members not read.
    public init(account: String, id: String, title: String, seenAt now: String) {
        self.account = account
        self.id = id
        self.title = title
        since = now
        lastSeenAt = now
        members = []
    }

    /// The list of a row of kind `lists` whose raw JSON is the list object, with its members.
    init(_ list: ArchivedRelation, raw: Data?, members: [ArchivedRelation]) {
        struct Settings: Decodable {
            var repliesPolicy: String?
            var exclusive: Bool?
            enum CodingKeys: String, CodingKey {
                case exclusive
                case repliesPolicy = "replies_policy"
            }
        }
        let settings = raw.flatMap { try? JSONDecoder().decode(Settings.self, from: $0) }
        account = list.account
        id = list.acct
        title = list.displayName
        repliesPolicy = settings?.repliesPolicy
        exclusive = settings?.exclusive
        since = list.since
        lastSeenAt = list.lastSeenAt
        endedAt = list.endedAt
        self.members = members
    }
}
