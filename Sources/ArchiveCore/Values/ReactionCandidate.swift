import Foundation

/// One of an archiving account's own posts whose favourites or boosts counted differently when its
/// server was last asked who they are (issue 44, `icebox config reactions on`).
public struct ReactionCandidate: Sendable, Hashable {
    /// The post's number in the archive, its uri, and its id on the account's server.
    public var number: Int64
    public var uri: String
    public var serverID: String
    /// Its counts as last archived.
    public var favourites: Int64
    public var reblogs: Int64
    /// Its counts when the server was last asked (nil: never asked, as if nothing counted).
    public var askedFavourites: Int64?
    public var askedReblogs: Int64?

    /// Whether who favourited it is worth asking again.
    public var favouritesMoved: Bool { favourites != (askedFavourites ?? 0) }
    /// Whether who boosted it is worth asking again.
    public var reblogsMoved: Bool { reblogs != (askedReblogs ?? 0) }
}

/// An account a server says favourited or boosted its account's post.
public struct ReactionEntry: Sendable, Hashable {
    /// Its `user@host` as the server names it, and its display name.
    public var acct: String
    public var displayName: String
    /// The account object as the server sent it.
    public var raw: Data

    public init(acct: String, displayName: String, raw: Data) {
        self.acct = acct
        self.displayName = displayName
        self.raw = raw
    }
}
