import Foundation

/// Ways real servers answer unlike Mastodon's documentation, for tests of ingestion that never stalls.
/// All off by default.
public struct Quirks: Sendable, Equatable {
    /// Notifications ignore `types[]` / `exclude_types[]` (some servers do), and the status of every
    /// notification that is not a mention comes without its `account`, so it cannot be read.
    public var ignoresNotificationTypes = false
    /// `/api/v1/statuses/:id/context` answers with one bare array of the thread's statuses (as Mitra
    /// does) instead of `{"ancestors": [...], "descendants": [...]}`.
    public var contextAsBareArray = false
    /// `/api/v1/statuses/:id/context` answers an object with neither `ancestors` nor `descendants`.
    public var contextWithoutThread = false
    /// `/api/v1/statuses/:id/history` answers 404, as servers without edit history do.
    public var noEditHistory = false
    /// `GET /api/v1/statuses?id[]=` answers 404, as servers before Mastodon 4.3 do.
    public var noBatchStatuses = false
    /// A token the server does not know (revoked) gets `401 "This method requires an authenticated
    /// user"`, as feeds that check only for a user answer, instead of `401 "The access token is invalid"`.
    public var unknownTokenAsNoUser = false
    /// Relation lists (follows, followers, mutes, blocks) ignore `max_id`: every page is the first one,
    /// with the same `next` link, so their pages lead back to themselves for ever.
    public var relationPagesLoop = false
    /// Relation lists carry one entry that is no account object (`{"id": 7}`).
    public var relationJunkEntry = false
    /// `/api/v1/accounts/relationships` also answers about the newest account, asked or not, with a
    /// note the viewer never wrote: a server speaking for an account it was not asked about.
    public var relationshipOfUnasked = false

    public init() {}

    /// A notification's status as this server would send it.
    func notificationStatus(_ status: JSON, type: String) -> JSON {
        guard ignoresNotificationTypes, type != "mention", case .object(let members) = status else { return status }
        return .object(members.filter { $0.0 != "account" })
    }
}
