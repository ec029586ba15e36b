import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// A page's rows in the open transaction: the statuses new to the archive in one multi-row insert, so
    /// FTS5 writes a few segments for the page rather than one per status, and the others row by row (see
    /// `insertNewAndUpsert`); the whole page row by row when a millisecond of it is full. `evenBatches`:
    /// see ``RowsInsert/evenBatches``.
    static func storeRows(
        _ rows: [PageRow], origin: PageOrigin, now: String, evenBatches: Bool = false, _ db: Database
    ) throws -> StoreResult {
        if let stored = try insertNewAndUpsert(rows, origin: origin, now: now, powersOfTwo: !evenBatches, db) {
            return stored
        }
        var result = StoreResult()
        for row in rows {
            result += try run(.upserting(row, origin: origin, now: now, SQLiteDialect()), db)
        }
        return result
    }

    /// Whether an error is one row's data breaking the archive's rules (worth storing the rest of the
    /// page without it), rather than the archive itself failing (full disk, I/O, corruption).
    static func isolable(_ error: DatabaseError) -> Bool {
        ![
            .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_BUSY, .SQLITE_LOCKED,
            .SQLITE_READONLY,
            .SQLITE_CANTOPEN, .SQLITE_NOMEM,
        ].contains(error.resultCode)
    }

    /// Writes a status's row (see ``StatusWrite``): inserted under the next free key of its millisecond,
    /// or rewritten in place, with its raw JSON kept as ``StoredRawJSON`` keeps it and the marks the copy
    /// carries by itself; a new boost marks the post it boosts when its booster is the user.
    static func writeStatus(_ write: StatusWrite, _ db: Database) throws -> Int64 {
        let status = write.row.status
        let row = write.columns
        let raw = try StoredRawJSON(write.row.raw, db)
        let accounts = try run(UserMarks.accounts(mentionedIn: [status]), db)
        let marks = UserMarks.of(status, raw: write.row.raw, server: write.origin.server, accounts: accounts)
        if let id = write.replacing {
            try update(id, row, storing: raw, now: write.now, db)
            try UserMarks.replaceFromCopy(marks, statusID: id, db)
            return id
        }
        let id = try insert(row, storing: raw, now: write.now, db)
        if !marks.isEmpty { try UserMarks.replaceFromCopy(marks, statusID: id, db) }
        if let boosted = status.reblog {
            try UserMarks.markBoosted(
                uri: boosted.archiveURI, boosterHandle: status.account.fullHandle(servedBy: write.origin.server), db)
        }
        return id
    }

    /// Inserts a row under the next free key of its millisecond, or, when that millisecond is full,
    /// under the next free key above it.
    private static func insert(_ row: StatusRow, storing raw: StoredRawJSON, now: String, _ db: Database) throws
        -> Int64
    {
        var arguments = row.arguments(storing: raw)
        arguments += [now, now]
        do {
            try db.cachedStatement(sql: StatusRow.insertSQL).execute(arguments: arguments + row.sortArguments)
            if db.changesCount > 0 { return db.lastInsertedRowID }
        } catch let error as DatabaseError where SortKey.isCollision(error) {
            // The next key lies beyond the spill bound: `spill` says so.
        }
        let key = try SortKey.spill(above: row.sortFloor, db)
        try db.cachedStatement(sql: StatusRow.insertWithKeySQL).execute(arguments: arguments + [key])
        return db.lastInsertedRowID
    }

    /// Rewrites a row, keeping its key unless created_at moved to another millisecond.
    private static func update(_ id: Int64, _ row: StatusRow, storing raw: StoredRawJSON, now: String, _ db: Database)
        throws
    {
        var arguments = row.arguments(storing: raw)
        arguments += [now]
        do {
            try db.cachedStatement(sql: StatusRow.updateSQL)
                .execute(arguments: arguments + row.keepArguments + row.sortArguments + [id])
        } catch let error as DatabaseError where SortKey.isCollision(error) {
            let key = try SortKey.spill(above: row.sortFloor, db)
            try db.cachedStatement(sql: StatusRow.updateWithKeySQL).execute(arguments: arguments + [key, id])
        }
    }
}
