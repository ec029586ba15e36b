import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// Inserts statuses the archive does not have with one multi-row `INSERT` into `statuses`, then records
    /// each as storing it alone would (see ``upsert(_:raw:origin:now:writesAuthor:_:)``); returns their
    /// row ids in order, or `nil` without writing anything when the statuses are not all new, distinct,
    /// boost-free and within their millisecond's own keys (then the caller stores them one by one).
    ///
    /// Why: every `INSERT` into `statuses` inside a transaction runs in a statement savepoint (its
    /// triggers may abort), and at each statement savepoint's end FTS5 writes its pending index out as a
    /// new segment. Row by row that is a segment per status (and the merges that follow); one statement
    /// writes one segment per statement of up to 1 000 rows. The rows, their keys and ids come out as row by row.
    package static func insertNew(
        _ statuses: [PageRow], origin: PageOrigin, now: String,
        _ db: Database
    ) throws -> (ids: [Int64], result: StoreResult)? {
        guard !statuses.isEmpty else { return ([], StoreResult()) }
        guard statuses.allSatisfy({ $0.status.reblog == nil }),
            let fresh = try FreshRows(statuses, origin: origin, db), fresh.indices.count == statuses.count
        else { return nil }
        let ids = try insert(fresh, now: now, db)
        var result = StoreResult()
        for (item, id) in zip(statuses, ids) {
            result += try recordInserted(
                id, item.status, raw: item.raw, origin: origin, now: now, writesAuthor: item.writesAuthor, db)
        }
        return (ids, result)
    }

    /// A page's rows in the open transaction, in page order: those new to the archive (boosts and the posts
    /// they boost among them) inserted first in one multi-row `INSERT` (see ``insertNew(_:origin:now:_:)``
    /// for why), the others (held already, repeated in the page, or sharing a millisecond with one that
    /// is) stored row by row; `nil`, having written nothing, when a new row's millisecond is full (the
    /// caller stores the page row by row). Each row gets the key and records row by row would give it
    /// (its id too, unless a new row of a shared millisecond is inserted row by row among them).
    static func insertNewAndUpsert(_ rows: [PageRow], origin: PageOrigin, now: String, _ db: Database) throws
        -> StoreResult?
    {
        guard let fresh = try FreshRows(rows, origin: origin, db) else { return nil }
        var inserted: [Int: Int64] = [:]
        for (index, id) in zip(fresh.indices, try insert(fresh, now: now, db)) { inserted[index] = id }
        var result = StoreResult()
        for (index, row) in rows.enumerated() {
            if let id = inserted[index] {
                result += try recordInserted(
                    id, row.status, raw: row.raw, origin: origin, now: now, writesAuthor: row.writesAuthor, db)
            } else {
                result += try upsert(
                    row.status, raw: row.raw, origin: origin, now: now, writesAuthor: row.writesAuthor, db)
            }
        }
        return result
    }

    /// Inserts `fresh` with `insertRows` and returns the rows' ids, in order.
    private static func insert(_ fresh: FreshRows, now: String, _ db: Database) throws -> [Int64] {
        try insertRows(fresh.rows, keys: fresh.keys, now: now, db)
        return try fresh.rows.map { row in
            guard
                let id = try Int64.fetchOne(db.cachedStatement(sql: LookupStatements.idByURI), arguments: [row.uri])
            else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "\(row.uri) was not stored")
            }
            return id
        }
    }

    /// What follows the insert of a status the archive did not have (its row already written as
    /// `statusID`): its media, marks, id on the server, timeline, edit history and author.
    static func recordInserted(
        _ statusID: Int64, _ status: Status, raw: Data, origin: PageOrigin, now: String,
        writesAuthor: Bool, _ db: Database
    ) throws -> StoreResult {
        let authorHandle = status.account.fullHandle(servedBy: origin.server)
        try replaceMedia(of: statusID, status, db)
        let marks = try marks(status, raw: raw, server: origin.server, db)
        if !marks.isEmpty { try UserMarks.replaceFromCopy(marks, statusID: statusID, db) }
        if let boosted = status.reblog {
            try UserMarks.markBoosted(uri: boosted.archiveURI, boosterHandle: authorHandle, db)
        }
        var result = StoreResult()
        result.new += 1
        _ = try recordSeen(
            statusID, status, raw: raw, origin: origin, now: now, wroteRow: true, isNew: true,
            writesAuthor: writesAuthor, db)
        return result
    }

    /// Records a status stored or seen again: its id on the server, its timeline (returns 1 when it is new
    /// to the timeline and not `isNew`), that its edit history is wanted, its author's profile.
    static func recordSeen(
        _ statusID: Int64, _ status: Status, raw: Data, origin: PageOrigin, now: String,
        wroteRow: Bool, isNew: Bool, writesAuthor: Bool, _ db: Database
    ) throws -> Int {
        let server = origin.server
        var newToTimeline = 0
        if origin.recordsServerIDs {
            try db.cachedStatement(sql: PageStoreStatements.serverID)
                .execute(arguments: [server, status.id, statusID, status.inReplyToID])
        }
        if let timelineID = origin.timelineID {
            try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO timeline_statuses(timeline_id, status_id, first_seen_at) VALUES (?, ?, ?)
                    """
            ).execute(arguments: [timelineID, statusID, now])
            if !isNew, db.changesCount > 0 { newToTimeline = 1 }
        }
        if wroteRow, let editedAt = status.editedAt {
            try wantEditHistory(of: statusID, server: server, localID: status.id, editedAt: editedAt, now: now, db)
        }
        if writesAuthor {
            try upsertAuthor(
                status.account, raw: raw, handle: status.account.fullHandle(servedBy: server), now: now, db)
        }
        return newToTimeline
    }

    /// Inserts the rows, in order, with multi-row `INSERT … VALUES` statements of as many rows as SQLite's
    /// 32 766 parameters allow (prepared once per size and cached).
    private static func insertRows(_ rows: [StatusRow], keys: [Int64], now: String, _ db: Database) throws {
        let perRow = StatusRow.storedColumns.split(separator: ",").count + 3
        let row = "(" + Array(repeating: "?", count: perRow).joined(separator: ", ") + ")"
        let chunk = 32_766 / perRow
        for start in stride(from: 0, to: rows.count, by: chunk) {
            let end = min(start + chunk, rows.count)
            var arguments = StatementArguments()
            for index in start..<end {
                arguments += rows[index].arguments(storing: try StoredRawJSON(rows[index].raw, db))
                arguments += [now, now, keys[index]]
            }
            try db.cachedStatement(
                sql: TableStatements.insert(
                    into: StatusRow.insertTarget, Array(repeating: row, count: end - start).joined(separator: ", "))
            ).execute(arguments: arguments)
        }
    }
}
