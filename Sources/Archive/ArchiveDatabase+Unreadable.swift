import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// Keeps statuses that could not be read, byte for byte, inside the caller's transaction, and returns
    /// how many the archive did not keep yet. The same status (by its id on the server, else by its
    /// bytes) is kept once: seen again (as the catch-up's overlap re-reads it), its newest bytes and
    /// reason replace the old ones, and one that a later reading archived is not kept again.
    static func keepUnreadable(_ statuses: [UnreadableStatus], origin: PageOrigin, _ db: Database) throws -> Int {
        guard !statuses.isEmpty else { return 0 }
        let now = Self.now()
        var kept = 0
        for status in statuses {
            let key = status.keptKey
            let known =
                try Bool.fetchOne(
                    db.cachedStatement(sql: UnreadableStatements.known),
                    arguments: [origin.server, key]) ?? false
            try db.cachedStatement(sql: UnreadableStatements.keep)
                .execute(arguments: [
                    origin.server, key, status.id, origin.timelineID, origin.pageCursor, status.reason,
                    status.raw, origin.readerVersion, now,
                ])
            if !known { kept += 1 }
        }
        return kept
    }

    /// Archives a kept status that can now be read, from its stored bytes, and marks the kept row as
    /// archived (the row stays), in one transaction. Returns the archive's number for the status.
    public func archiveKept(
        _ kept: KeptUnreadable, as status: ArchivableStatus,
        authority: CopyAuthority
    ) async throws(ArchiveError) -> (number: Int64, result: StoreResult) {
        let (rows, origin) = kept.page(readAs: status, authority: authority)
        return try await write { db in
            let now = Self.now()
            var result = StoreResult()
            for row in rows {
                result += try Self.upsert(
                    row.status, raw: row.raw, origin: origin, now: now, writesAuthor: row.writesAuthor, db)
            }
            let number =
                try Int64.fetchOne(
                    db, sql: UnreadableStatements.statusByURI,
                    arguments: [status.status.archiveURI]) ?? 0
            try db.execute(sql: UnreadableStatements.archived, arguments: [now, number, kept.id])
            return (number, result)
        }
    }
}
