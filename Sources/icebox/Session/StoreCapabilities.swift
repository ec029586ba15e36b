import Archive
import ArchiveCore
import Foundation

/// What the opened store can do beyond the `ArchiveStore` seam, found once when a command opens it,
/// so that no command casts the store to learn it.
struct StoreCapabilities: Sendable {
    /// How workers on one shared store divide the work (a PostgreSQL store); nil for a store one process
    /// uses at a time (SQLite, under the sync lock).
    let sharedWork: (any SharedWork)?
    /// The SQLite file the store is; nil for a PostgreSQL store.
    let sqliteFile: URL?
    /// How the store's file is rewritten without its unused space (SQLite); nil for a store on a server.
    let compacting: (any ArchiveCompacting)?

    /// The capabilities of `store`: the one place its concrete type is looked at.
    init(of store: any ArchiveStore) {
        sharedWork = store as? any SharedWork
        sqliteFile = (store as? ArchiveDatabase)?.path
        compacting = store as? any ArchiveCompacting
    }

    /// Whether other workers may use the store at the same time (then no lock file guards it).
    var isShared: Bool { sharedWork != nil }
}
