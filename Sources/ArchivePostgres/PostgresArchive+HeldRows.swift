import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

/// A page's statuses the store already holds, decided together: most are the same copy seen again (a
/// sync's overlap with the run before, a file imported again), which changes nothing but the status's
/// id on the server and its timeline. Those are recorded in two statements for the whole page instead
/// of a few round trips each (20,000 statuses imported again: 27 s row by row); a copy that replaces
/// the row or is kept beside it goes through `upsert`, as before.
extension PostgresArchive {
    /// Stores rows whose uris the store holds, one row per uri (their authors already written, see
    /// `lockInOrder`), adding what each did to its page's `results`.
    static func storeHeld(
        _ rows: [PagedRow], into results: inout [StoreResult], origin: PageOrigin, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws {
        guard !rows.isEmpty else { return }
        let dialect = PostgresDialect()
        var stored: [String: HeldCopy] = [:]
        for row in try await connection.rows(
            dialect.statement(LookupStatements.held(anyOf: dialect)) + dialect.engine.rowLock,
            [.textArray(rows.map(\.row.status.archiveURI))], logger: logger)
        {
            stored[try row.text("uri")] = try HeldCopy(row)
        }
        var unchanged: [(row: PageRow, id: Int64)] = []
        var pages: [Int64: Int] = [:]
        let today = Date()
        for (page, row) in rows {
            guard !row.writesAuthor, let held = stored[row.status.archiveURI],
                row.changesNothing(over: held, from: origin, now: today)
            else {
                results[page] += try await upsert(row, origin: origin, now: now, connection, logger)
                continue
            }
            unchanged.append((row, held.id))
            pages[held.id] = page
        }
        // What `upsert` records of a copy that changes nothing: its id on the server, its timeline.
        if origin.recordsServerIDs {
            try await insertMany(
                connection, logger, PageStoreStatements.serverIDColumns,
                rows: unchanged.map {
                    PageStoreStatements.serverIDRow($0.row.status, $0.id, origin).map(SQLValue.init)
                },
                suffix: PageStoreStatements.serverIDConflict)
        }
        if let timelineID = origin.timelineID {
            for added in try await insertMany(
                connection, logger, TimelineStatusStatements.target,
                rows: unchanged.map { TimelineStatusStatements.row(timelineID, $0.id, now: now).map(SQLValue.init) },
                suffix: TimelineStatusStatements.keepFirst + " RETURNING status_id")
            {
                if let page = pages[try added.integer("status_id")] { results[page].newToTimeline += 1 }
            }
        }
    }
}
