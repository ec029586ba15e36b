import Foundation
import Models

/// One of the user's own accounts that Icebox archives with (its token lives in `CredentialStore`).
/// It is identified by `server` and `remoteID` together (see `AccountIdentity`), never by its handle.
public struct ArchivingAccount: Codable, Hashable, Sendable {
    public var id: Int64
    /// `user@host` as the server reports it: a label only, which another server may also claim.
    public var handle: String
    /// The base URL of the server that issued the account's token: the only origin it is sent to.
    public var server: String
    /// The account's id on its server.
    public var remoteID: String
    public var username: String
    public var displayName: String
    @EncodedAsNull public var url: String?
    public var addedAt: String

    /// Memberwise, so that both stores build the very same value.
    package init(
        id: Int64, handle: String, server: String, remoteID: String, username: String, displayName: String,
        url: String?, addedAt: String
    ) {
        self.id = id
        self.handle = handle
        self.server = server
        self.remoteID = remoteID
        self.username = username
        self.displayName = displayName
        self.url = url
        self.addedAt = addedAt
    }
}
