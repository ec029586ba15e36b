import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// Stores a page: its statuses, those that could not be read (kept with their bytes), and the
    /// timeline's cursors when `cursor` is given, all in one transaction. A status that cannot be stored
    /// (a constraint the server's data breaks) is kept unreadable with the reason, and the rest of the
    /// page is stored: one status never costs its neighbours.
    public func store(
        _ statuses: [ArchivableStatus], unreadable: [UnreadableStatus], origin: PageOrigin,
        cursor: CursorUpdate?
    ) async throws(ArchiveError) -> StoreResult {
        let page = FetchedPage(statuses: statuses, unreadable: unreadable, origin: origin, cursor: cursor)
        return try await store(pages: [page])[0]
    }

    /// Stores pages in order in one transaction, each with its cursors (see `store(_:unreadable:origin:cursor:)`
    /// for one page's rules): one commit, one pass of the write-ahead log over the index pages they share,
    /// instead of one per page.
    public func store(pages: [FetchedPage]) async throws(ArchiveError) -> [StoreResult] {
        let pool = self.pool
        // First every page whole in one plain transaction: no savepoint, whose sub-journal would cost
        // every page a temporary file's writes. Only when a row breaks a constraint are the pages stored
        // again, each in its own transaction and row by row, each row in a savepoint, the broken rows kept
        // unreadable (see ``TransactionPlan/storingPages(_:now:isolatingRows:)``).
        do {
            return try await pool.write { db in
                try Self.run(.storingPages(pages, now: Timestamp.now(), isolatingRows: false), db)
            }
        } catch let error as DatabaseError where Self.isolable(error) {
            var results: [StoreResult] = []
            for page in pages {
                results += try await write { db in
                    try Self.run(.storingPages([page], now: Timestamp.now(), isolatingRows: true), db)
                }
            }
            return results
        } catch {
            throw .database(Self.describe(error))
        }
    }

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
            result += try upsert(
                row.status, raw: row.raw, origin: origin, now: now, writesAuthor: row.writesAuthor, db)
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

    /// Inserts a status, or updates it when a newer edit or a more authoritative copy arrived (see
    /// `CopyAuthority`); records its id on the server, the timeline, the author's profile when
    /// `writesAuthor`, and that its edit history is wanted when it was edited.
    static func upsert(
        _ status: Status, raw: Data, origin: PageOrigin, now: String, writesAuthor: Bool,
        _ db: Database
    ) throws -> StoreResult {
        var result = StoreResult()
        let server = origin.server
        let statusID: Int64
        let authorHandle = status.account.fullHandle(servedBy: server)
        let authority = CopyAuthority.of(status, servedBy: server, reading: origin.authority)
        var wroteRow = true
        if let existing = try Row.fetchOne(
            db.cachedStatement(sql: LookupStatements.held),
            arguments: [status.archiveURI])
        {
            statusID = existing["id"]
            let decision = CopyAuthority.decide(
                incoming: authority, incomingEdit: status.editedAt, incomingContent: status.content,
                stored: CopyAuthority(rawValue: existing["raw_authority"]) ?? .account,
                storedEdit: existing["edited_at"],
                storedContent: existing["content"], now: Date())
            switch decision {
            case .replaceAsEdit, .replaceFromBetterSource:
                // The row (its text rendering included) is only built when there is something to write.
                let row = StatusRow(status, raw: raw, server: server, authorHandle: authorHandle, authority: authority)
                if decision == .replaceAsEdit {
                    try db.cachedStatement(sql: PageStoreStatements.keepVersion(SQLiteDialect()))
                        .execute(arguments: [now, statusID])
                } else {
                    try db.cachedStatement(sql: PageStoreStatements.keepStoredCopy(SQLiteDialect()))
                        .execute(arguments: [now, statusID])
                }
                try update(statusID, row, storing: StoredRawJSON(raw, db), now: now, db)
                try run(.writingMedia(of: statusID, status), db)
                try UserMarks.replaceFromCopy(marks(status, raw: raw, server: server, db), statusID: statusID, db)
                result.updated += 1
            case .keepAsCopy:
                try keepCopy(of: statusID, status, raw: raw, server: server, authority: authority, now: now, db)
                wroteRow = false
            case .none:
                wroteRow = false
            }
        } else {
            let row = StatusRow(status, raw: raw, server: server, authorHandle: authorHandle, authority: authority)
            return try recordInserted(
                insert(row, storing: StoredRawJSON(raw, db), now: now, db), status, raw: raw, origin: origin, now: now,
                writesAuthor: writesAuthor, db)
        }
        result.newToTimeline += try recordSeen(
            statusID, status, raw: raw, origin: origin, now: now, wroteRow: wroteRow,
            isNew: false, writesAuthor: writesAuthor, db)
        return result
    }

    /// The marks a copy carries by itself (the archiving accounts are read only when it mentions someone).
    static func marks(_ status: Status, raw: Data, server: String, _ db: Database) throws -> UserMarks {
        UserMarks.of(
            status, raw: raw, server: server, accounts: status.mentions.isEmpty ? [] : try UserMarks.accounts(db))
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

    /// Keeps a copy that is not shown, with its source; the same server's copy of the same version is
    /// kept once, as last seen.
    private static func keepCopy(
        of statusID: Int64, _ status: Status, raw: Data, server: String,
        authority: CopyAuthority, now: String, _ db: Database
    ) throws {
        try db.cachedStatement(sql: PageStoreStatements.keepCopy).execute(arguments: [
            statusID, server, authority.rawValue, status.editedAt.map(Timestamp.string) ?? "", raw, now,
        ])
    }

    /// Keeps the author's profile as last seen from a source at least as good as the last (see
    /// ``AuthorStatements``), and the version it is (see ``AuthorVersionStatements``); the account JSON is
    /// sliced from the status bytes.
    static func upsertAuthor(
        of status: Status, raw: Data, handle: String, authority: CopyAuthority, server: String, now: String,
        _ db: Database
    ) throws {
        let values = AuthorStatements.values(of: status, raw: raw, handle: handle, authority: authority, now: now)
        try db.cachedStatement(sql: upsertAuthorSQL).execute(arguments: StatementArguments(values.map(\.databaseValue)))
        let version = AuthorStatements.versionValues(
            of: status, raw: raw, handle: handle, authority: authority, server: server, now: now)
        try db.cachedStatement(sql: upsertVersionSQL).execute(
            arguments: StatementArguments(version.map(\.databaseValue)))
    }

    private static let upsertVersionSQL = """
        INSERT INTO \(AuthorVersionStatements.target) VALUES (\(Array(repeating: "?", count: 16).joined(separator: ", ")))
        \(AuthorVersionStatements.onConflict)
        """

    private static let upsertAuthorSQL = """
        INSERT INTO \(AuthorStatements.target) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        \(AuthorStatements.onConflict(SQLiteDialect()))
        """
}
