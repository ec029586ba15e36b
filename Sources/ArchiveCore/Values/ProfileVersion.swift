import Foundation
import Models

/// One version of an author's profile as the archive keeps it (issue 44): `icebox account profile
/// --versions --json`. Two copies with the same name, bio, fields, avatar, header and flags are one
/// version, first and last seen when the earliest and the latest of them were observed.
public struct ProfileVersion: Codable, Sendable, Hashable {
    /// A profile field as the version shows it.
    public struct Field: Codable, Sendable, Hashable {
        public var name: String
        /// HTML, as the server sent it.
        public var value: String
        /// When the server verified the link, if it did.
        @EncodedAsNull public var verifiedAt: String?

        enum CodingKeys: String, CodingKey {
            case name, value
            case verifiedAt = "verified_at"
        }
    }

    /// The author's handle, `user@host`.
    public var acct: String
    public var displayName: String
    /// The bio, HTML as the server sent it.
    public var note: String
    public var fields: [Field]
    /// The avatar's and the header's addresses.
    @EncodedAsNull public var avatar: String?
    @EncodedAsNull public var header: String?
    /// The SHA-256 of the avatar's and the header's file in the media archive (`/media/<sha256>`), nil
    /// while the archive does not keep it.
    @EncodedAsNull public var avatarSha256: String?
    @EncodedAsNull public var headerSha256: String?
    public var bot: Bool
    public var locked: Bool
    /// What the account said of being found (nil: the copy did not say).
    @EncodedAsNull public var indexable: Bool?
    @EncodedAsNull public var discoverable: Bool?
    /// Whether this version opts out of full-text search (see ``ConsentPolicy``).
    public var optedOut: Bool
    /// When the version was first and last observed (a file's copy: no later than its post).
    public var firstSeenAt: String
    public var lastSeenAt: String
    /// Whose word the best copy of it was: `file`, `anonymous`, `account` or `origin` (``CopyAuthority``),
    /// and the server that sent it.
    public var source: String
    public var server: String
    /// Whether it is the profile the archive shows (and decides consent by): the newest copy seen.
    public var current: Bool

    enum CodingKeys: String, CodingKey {
        case acct, note, fields, avatar, header, bot, locked, indexable, discoverable, source, server, current
        case displayName = "display_name"
        case avatarSha256 = "avatar_sha256"
        case headerSha256 = "header_sha256"
        case optedOut = "opted_out"
        case firstSeenAt = "first_seen_at"
        case lastSeenAt = "last_seen_at"
    }
}

extension CopyAuthority {
    /// The authority in a word, as JSON records name it.
    public var word: String {
        switch self {
        case .imported: "file"
        case .anonymous: "anonymous"
        case .account: "account"
        case .origin: "origin"
        }
    }
}
