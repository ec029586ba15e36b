import ArchiveCore
import Foundation
import MastodonAPI
import Models

/// What a sync's relation walk did for one account and kind.
public struct RelationReport: Sendable, Codable, Hashable {
    /// The archiving account's handle.
    public var account: String
    /// The kind walked; nil when the account's server could not be asked at all.
    @EncodedAsNull public var kind: RelationKind?
    /// Entries read this run, and how many were new to the ledger.
    public var seen = 0
    public var new = 0
    /// Relations a whole walk no longer found, ended this run.
    public var ended = 0
    /// Entries that could not be read (the walk then ends nothing).
    public var unreadable = 0
    /// The server's pages led back to one already read (the walk then ends nothing).
    public var looped = false
    /// Pages read this run.
    public var pages = 0
    /// The walk read its last page this run (it ended what it no longer saw only when every entry could
    /// be read and its pages did not loop: `unreadable` says so).
    public var complete = false
    /// The last walk finished within `graph-every`: nothing was asked.
    public var upToDate = false
    /// The rate budget was down to what the timelines and other apps keep, or another worker of a shared
    /// store took the walk over: it goes on next run (or there).
    public var deferred = false
    @EncodedAsNull public var error: String?
    var apiError: APIError?

    init(account: String, kind: RelationKind?, error: String? = nil) {
        self.account = account
        self.kind = kind
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case account, kind, seen, new, ended, unreadable, looped, pages, complete, error
        case upToDate = "up_to_date"
        case deferred
    }
}
