import Foundation
import Models

/// Where a page of statuses came from: the server, how far its copies are to be believed, and for
/// statuses that cannot be read, where to find them again.
public struct PageOrigin: Sendable, Hashable {
    /// The host (with port) the statuses came from; their ids are that server's.
    public var server: String
    /// Read with one of the user's accounts, or anonymously. A status whose uri is on `server` itself
    /// is the origin's copy whatever this says.
    public var authority: CopyAuthority
    /// The timeline the page belongs to; `nil` outside a timeline (a thread's context).
    public var timelineID: Int64?
    /// The request the page answered (`max_id=…`, `min_id=…`, `''` for the newest page).
    public var pageCursor: String
    /// The Icebox that read it (a newer one tries the unreadable statuses again by itself).
    public var readerVersion: String
    /// On a shared store, the lease the page is written under: the page (and its cursor) is refused
    /// unless that lease is still this worker's when it commits. `nil`: no lease (one writer).
    public var fence: LeaseFence?
    /// Whether the statuses' ids are the server's own, to record as such (an import that only knows
    /// uris says no).
    public var recordsServerIDs = true

    /// Whether the ids are a file's word (an import), not the server's: kept, never displacing the
    /// server's own, and never asked about (see ``PageStoreStatements/serverIDConflict``).
    public var idsFromFile: Bool { authority == .imported }

    public init(
        server: String, authority: CopyAuthority = .account, timelineID: Int64? = nil, pageCursor: String = "",
        readerVersion: String = ""
    ) {
        self.server = server
        self.authority = authority
        self.timelineID = timelineID
        self.pageCursor = pageCursor
        self.readerVersion = readerVersion
    }
}
