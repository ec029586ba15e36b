import Foundation

/// A user mentioned in a status (`mentions[]`).
public struct Mention: Codable, Hashable, Sendable {
    /// The mentioned account's id on the server that served the status (opaque).
    public var id: String
    /// The local part of the handle, without `@`.
    public var username: String
    /// The profile URL.
    public var url: String
    /// `user` for accounts on the serving server, `user@host` for remote ones.
    public var acct: String

    public init(id: String, username: String, url: String, acct: String) {
        self.id = id
        self.username = username
        self.url = url
        self.acct = acct
    }
}
