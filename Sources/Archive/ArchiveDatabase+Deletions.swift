import ArchiveCore
import GRDB

extension ArchiveDatabase {
    /// The `host[:port]` of every server one of the user's accounts is on (``DeletionAuthority``), in the
    /// page store's transaction (the deletion flows read it in theirs, see `ArchiveStore+Deletions.swift`).
    static func accountHosts(_ db: Database) throws -> Set<String> {
        try run(.accountHosts, db)
    }
}
