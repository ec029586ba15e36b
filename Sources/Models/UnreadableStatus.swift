import Foundation

/// A status a server sent that Icebox could not read, kept exactly as served so that nothing is lost:
/// the archive stores its bytes, and a later Icebox that can read it archives it from them.
public struct UnreadableStatus: Sendable, Hashable {
    /// The status JSON, byte for byte as it appeared in the response.
    public var raw: Data
    /// Its id on the serving server, when one could be found in the bytes.
    public var id: String?
    /// Why it could not be read, naming the field (`mentions[0].id: expected String`).
    public var reason: String

    public init(raw: Data, id: String?, reason: String) {
        self.raw = raw
        self.id = id
        self.reason = reason
    }
}

/// The statuses of one JSON array as read: those that decoded, each with its bytes, and those that did
/// not, each kept with its bytes and the reason. One status that cannot be read never costs the others.
public struct DecodedStatuses: Sendable {
    public var items: [ArchivableStatus]
    public var unreadable: [UnreadableStatus]
    /// How many elements the array held, readable or not (a page of only unreadable statuses is not
    /// the end of a timeline).
    public var served: Int
    /// The id of the array's first and last element, readable or not: the cursors of a page.
    public var firstID: String?
    public var lastID: String?

    public init(
        items: [ArchivableStatus] = [], unreadable: [UnreadableStatus] = [], served: Int = 0,
        firstID: String? = nil, lastID: String? = nil
    ) {
        self.items = items
        self.unreadable = unreadable
        self.served = served
        self.firstID = firstID
        self.lastID = lastID
    }
}
