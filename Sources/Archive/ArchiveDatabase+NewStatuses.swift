import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// A page's rows in the open transaction: those new to the archive (boosts and the posts they boost
    /// among them) inserted first in one multi-row `INSERT`, then every
    /// row recorded in page order, the others (held already, or repeated in the page) stored
    /// again row by row; `nil`, having written nothing, when the new rows cannot go together (see
    /// `FreshRows`), and the caller stores the page row by row. Each row gets the key, id and records row
    /// by row would give it.
    ///
    /// Why one statement: every `INSERT` into `statuses` inside a transaction runs in a statement savepoint
    /// (its triggers may abort), and at each statement savepoint's end FTS5 writes its pending index out
    /// as a new segment. Row by row that is a segment per status (and the merges that follow); one
    /// statement writes one segment per statement (a sync's page takes a few, see `executeTuples`).
    /// `powersOfTwo`: see `executeTuples`; an even batch (an import's) goes whole only when every row of
    /// it is new, so that a batch's count of new rows never prepares a statement of its own.
    static func insertNewAndUpsert(
        _ rows: [PageRow], origin: PageOrigin, now: String, powersOfTwo: Bool, _ db: Database
    ) throws -> StoreResult? {
        guard let fresh = try FreshRows(rows, origin: origin, db) else { return nil }
        var inserted: [Int: Int64] = [:]
        let ids = try insert(
            fresh, of: rows, origin: origin, now: now, powersOfTwo: powersOfTwo || fresh.indices.count != rows.count, db
        )
        for (index, id) in zip(fresh.indices, ids) { inserted[index] = id }
        var result = StoreResult()
        for (index, row) in rows.enumerated() {
            if let id = inserted[index] {
                result += try recordInserted(id, row, origin: origin, now: now, db)
            } else {
                result += try run(.upserting(row, origin: origin, now: now, SQLiteDialect()), db)
            }
        }
        return result
    }

    /// Inserts `fresh` (see `insertRows`), records their ids on the server and timeline (see `recordInBulk`),
    /// and returns the rows' ids, in order. `powersOfTwo`: see `executeTuples`.
    private static func insert(
        _ fresh: FreshRows, of page: [PageRow], origin: PageOrigin, now: String, powersOfTwo: Bool, _ db: Database
    ) throws -> [Int64] {
        let keyed = try insertRows(fresh, now: now, powersOfTwo: powersOfTwo, db)
        let ids = try fresh.keys.map { key in
            guard let id = keyed[key] else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the status of key \(key) was not stored")
            }
            return id
        }
        try recordInBulk(
            fresh.indices.map { page[$0].status }, ids: ids, origin: origin, now: now, powersOfTwo: powersOfTwo, db)
        return ids
    }

    /// What follows the insert of a status the archive did not have, its row written in bulk as
    /// `statusID` with its marks, its id on the server and timeline (see `recordInBulk`): its media, the
    /// post it boosts marked when its booster is the user, that its edit history is wanted, its author.
    static func recordInserted(
        _ statusID: Int64, _ row: PageRow, origin: PageOrigin, now: String, _ db: Database
    ) throws -> StoreResult {
        let status = row.status
        try run(.writingMedia(of: statusID, status, isNew: true), db)
        if let boosted = status.reblog {
            try UserMarks.markBoosted(
                uri: boosted.archiveURI, boosterHandle: status.account.fullHandle(servedBy: origin.server), db)
        }
        _ = try run(
            .recording(
                statusID, row, origin: origin, now: now, wroteRow: true, isNew: true, recorded: true, SQLiteDialect()),
            db)
        var result = StoreResult()
        result.new += 1
        return result
    }

    /// Inserts the rows, in order, with their keys and marks, in multi-row `INSERT … VALUES` statements (see
    /// `executeTuples`); returns each one's id by its key (`RETURNING` gives rows in no promised order). A
    /// row inserted with its marks is written once: marked by an `UPDATE` after, it grew in a page already
    /// full, which split.
    private static func insertRows(_ fresh: FreshRows, now: String, powersOfTwo: Bool, _ db: Database) throws
        -> [Int64: Int64]
    {
        // The account objects and cards the page's rows share, each looked up once in this transaction.
        var known = StoredRawJSON.KnownObjects()
        let returned = try executeTuples(
            "INSERT INTO \(StatusRow.insertMarkedTarget) VALUES", "", returning: "sort_key, id",
            width: StatusRow.storedColumns.split(separator: ",").count + 4, count: fresh.rows.count,
            powersOfTwo: powersOfTwo, db
        ) { index, arguments in
            let row = fresh.rows[index]
            arguments += row.arguments(storing: try StoredRawJSON(row.raw, db, known: &known))
            arguments += [now, now, fresh.keys[index], fresh.marks[index].rawValue]
        }
        var ids: [Int64: Int64] = [:]
        ids.reserveCapacity(returned.count)
        for row in returned { ids[row[0]] = row[1] }
        return ids
    }
}
