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
                result += try recordInserted(
                    id, row.status, raw: row.raw, origin: origin, now: now, writesAuthor: row.writesAuthor,
                    inBulk: true, db)
            } else {
                result += try upsert(
                    row.status, raw: row.raw, origin: origin, now: now, writesAuthor: row.writesAuthor, db)
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

    /// What follows the insert of a status the archive did not have (its row already written as
    /// `statusID`): its media, marks, id on the server, timeline, edit history and author. `inBulk`: the
    /// row was inserted by `insert(_:of:origin:now:_:)`, with its marks and new (no media of its own to forget),
    /// its id on the server and timeline recorded there.
    static func recordInserted(
        _ statusID: Int64, _ status: Status, raw: Data, origin: PageOrigin, now: String,
        writesAuthor: Bool, inBulk: Bool = false, _ db: Database
    ) throws -> StoreResult {
        if inBulk {
            try run(.writingMedia(of: statusID, status, isNew: true), db)
        } else {
            try run(.writingMedia(of: statusID, status), db)
            let marks = try marks(status, raw: raw, server: origin.server, db)
            if !marks.isEmpty { try UserMarks.replaceFromCopy(marks, statusID: statusID, db) }
        }
        if let boosted = status.reblog {
            try UserMarks.markBoosted(
                uri: boosted.archiveURI, boosterHandle: status.account.fullHandle(servedBy: origin.server), db)
        }
        var result = StoreResult()
        result.new += 1
        _ = try recordSeen(
            statusID, status, raw: raw, origin: origin, now: now, wroteRow: true, isNew: true,
            writesAuthor: writesAuthor, recorded: inBulk, db)
        return result
    }

    /// Records a status stored or seen again: its id on the server, its timeline (returns 1 when it is new
    /// to the timeline and not `isNew`), that its edit history is wanted, its author's profile. `recorded`:
    /// its id on the server and timeline are recorded already (see `recordInBulk`).
    static func recordSeen(
        _ statusID: Int64, _ status: Status, raw: Data, origin: PageOrigin, now: String,
        wroteRow: Bool, isNew: Bool, writesAuthor: Bool, recorded: Bool = false, _ db: Database
    ) throws -> Int {
        let server = origin.server
        var newToTimeline = 0
        if origin.recordsServerIDs, !recorded {
            try db.cachedStatement(sql: PageStoreStatements.serverID)
                .execute(arguments: [server, status.id, statusID, status.inReplyToID, origin.idsFromFile])
        }
        if let timelineID = origin.timelineID, !recorded {
            try db.cachedStatement(sql: TimelineStatusStatements.record).execute(arguments: [timelineID, statusID, now])
            if !isNew, db.changesCount > 0 { newToTimeline = 1 }
        }
        // A history is asked for by the server's own id: never by one a file named.
        if wroteRow, !origin.idsFromFile, let editedAt = status.editedAt {
            try wantEditHistory(of: statusID, server: server, localID: status.id, editedAt: editedAt, now: now, db)
        }
        if writesAuthor {
            try upsertAuthor(
                of: status, raw: raw, handle: status.account.fullHandle(servedBy: server),
                authority: .ofProfile(status.account, servedBy: server, reading: origin.authority), server: server,
                now: now, db)
        }
        return newToTimeline
    }

    /// Inserts the rows, in order, with their keys and marks, in multi-row `INSERT … VALUES` statements (see
    /// `executeTuples`); returns each one's id by its key (`RETURNING` gives rows in no promised order). A
    /// row inserted with its marks is written once: marked by an `UPDATE` after, it grew in a page already
    /// full, which split.
    private static func insertRows(_ fresh: FreshRows, now: String, powersOfTwo: Bool, _ db: Database) throws
        -> [Int64: Int64]
    {
        let returned = try executeTuples(
            "INSERT INTO \(StatusRow.insertMarkedTarget) VALUES", "", returning: "sort_key, id",
            width: StatusRow.storedColumns.split(separator: ",").count + 4, count: fresh.rows.count,
            powersOfTwo: powersOfTwo, db
        ) { index, arguments in
            let row = fresh.rows[index]
            arguments += row.arguments(storing: try StoredRawJSON(row.raw, db))
            arguments += [now, now, fresh.keys[index], fresh.marks[index].rawValue]
        }
        var ids: [Int64: Int64] = [:]
        ids.reserveCapacity(returned.count)
        for row in returned { ids[row[0]] = row[1] }
        return ids
    }
}
