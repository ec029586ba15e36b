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

    enum CodingKeys: String, CodingKey { case id, username, url, acct }

    /// Lenient where servers differ: Mastodon 1.x sends the id as a number; a missing `url` or `acct`
    /// is empty or the username rather than a reason to lose the post.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.identifier(.id)
        username = try c.string(.username)
        url = try c.text(.url) ?? ""
        acct = try c.text(.acct) ?? username
    }
}
