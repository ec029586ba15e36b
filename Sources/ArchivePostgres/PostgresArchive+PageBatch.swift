import ArchiveCore
import Foundation
import Logging
import Models
import PostgresNIO

/// A page stored in a handful of statements instead of several per status: over a network every
/// statement is a round trip, and a page of 40 statuses took some 240 of them.
///
/// Statuses the store does not hold yet (nearly all of a sync's) are inserted together, with their
/// server ids, timeline rows, attachments, authors and wanted edit histories; a status already held is
/// decided on with the others held (see `storeHeld`), and goes through `upsert` one by one only when its
/// copy replaces the stored one or is kept beside it. Several pages of one origin go together the same way.
extension PostgresArchive {
    /// A row of one of the pages stored together, with the index of its page.
    typealias PagedRow = (page: Int, row: PageRow)

    /// Stores pages of one origin whose authors are written and uris locked (see `lockInOrder`), in a
    /// few statements for all of them; one result per page, as storing them one after the other gives.
    static func storeLocked(
        _ pages: [[PageRow]], origin: PageOrigin, now: String,
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [StoreResult] {
        var results = Array(repeating: StoreResult(), count: pages.count)
        // A status twice (a post and its boost, two boosts of it, pages that overlap; servers do send that):
        // its first row goes with the others, the later ones are decided against it after.
        var seen = Set<String>()
        var first: [PagedRow] = []
        var repeated: [PagedRow] = []
        for (page, rows) in pages.enumerated() {
            for row in rows {
                if seen.insert(row.status.archiveURI).inserted {
                    first.append((page, row))
                } else {
                    repeated.append((page, row))
                }
            }
        }
        // Two statuses with one server id (never from a sound server): row by row, when the ids are kept.
        guard !origin.recordsServerIDs || Set(first.map(\.row.status.id)).count == first.count else {
            for (page, rows) in pages.enumerated() {
                for row in rows { results[page] += try await upsert(row, origin: origin, now: now, connection, logger) }
            }
            return results
        }
        let held = Set(
            try await connection.rows(
                PostgresDialect().statement(LookupStatements.select("uri", whereAny: "uri", PostgresDialect())),
                [.textArray(first.map(\.row.status.archiveURI))], logger: logger
            ).map { try $0.text("uri") })
        var taken = Set<String>()
        for chunk in chunked(first.filter { !held.contains($0.row.status.archiveURI) }, by: freshPerStatement) {
            taken.formUnion(try await insertFresh(chunk, into: &results, origin: origin, now: now, connection, logger))
        }
        // Statuses held already, and those another worker stored a moment ago (the same post read from
        // another server): each a copy to decide on.
        try await storeHeld(
            first.filter { held.contains($0.row.status.archiveURI) || taken.contains($0.row.status.archiveURI) },
            into: &results, origin: origin, now: now, connection, logger)
        // The later rows of a status, in rounds of one row per status, so that each is decided against
        // what the row before it left, as row by row.
        while !repeated.isEmpty {
            var round: [PagedRow] = []
            var later: [PagedRow] = []
            var inRound = Set<String>()
            for row in repeated {
                if inRound.insert(row.row.status.archiveURI).inserted { round.append(row) } else { later.append(row) }
            }
            try await storeHeld(round, into: &results, origin: origin, now: now, connection, logger)
            repeated = later
        }
        return results
    }

    /// Statuses one insert takes at most (a bound on the message's size: an 8 MiB batch of a watch).
    static let freshPerStatement = 1_000

    /// `items` in consecutive slices of at most `size`.
    static func chunked<Item>(_ items: [Item], by size: Int) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: size).map { items[$0..<min($0 + size, items.count)] }
    }

    /// Rows of a batch's new statuses sent in a first, short insert: the server inserts them while the
    /// store builds the others' rows (some 20 µs a status of the store's task, which the server would
    /// otherwise wait through, and the statement for the rest waits behind them on the connection).
    static let leadingFreshRows = 32

    /// Inserts statuses the store does not hold, in page order (so their numbers follow the order the
    /// SQLite store gives them), with everything that hangs off them, each counted as new in its page's
    /// `results`. Returns the uris another worker inserted first.
    private static func insertFresh(
        _ paged: ArraySlice<PagedRow>, into results: inout [StoreResult], origin: PageOrigin, now: String,
        _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws -> Set<String> {
        let server = origin.server
        // One statement for a short batch; else a leading few rows, then the rest (built meanwhile).
        let split = paged.count > 2 * leadingFreshRows ? paged.startIndex + leadingFreshRows : paged.endIndex
        var inserts: [SentStatement] = []
        // The archiving accounts a status's mentions are compared with, read once when any mentions anyone.
        let accounts = try await connection.run(
            UserMarks.accounts(mentionedIn: paged.lazy.map(\.row.status)), logger: logger)
        // Each new row with its timeline's mark too: the timeline entry's trigger then leaves it as it is,
        // where it wrote each new row a second time (a dead version of every row until a VACUUM).
        let timelineMark = try await connection.run(UserMarks.ofTimeline(origin.timelineID), logger: logger)
        for part in [paged[..<split], paged[split...]] where !part.isEmpty {
            let values = part.map { item in
                let status = item.row.status
                let columns = item.row.columns(from: origin)
                let marks = UserMarks.of(status, raw: item.row.raw, server: server, accounts: accounts)
                return StatusColumns.values(columns, marks: marks.union(timelineMark)) + [.text(now)]
            }
            inserts.append(
                connection.send(StatusColumns.insertColumnsSQL, SQLValue.columns(of: values), logger: logger))
        }
        var ids: [String: Int64] = [:]
        for row in try await inserts.answers().joined() { ids[try row.text("uri")] = try row.integer("id") }
        // Rows another worker inserted first (ON CONFLICT DO NOTHING) go back to the caller as copies.
        let lost = Set(paged.map(\.row.status.archiveURI).filter { ids[$0] == nil })
        let stored = paged.filter { ids[$0.row.status.archiveURI] != nil }
        for (page, _) in stored { results[page].new += 1 }
        let rows = stored.map(\.row)
        func id(_ row: PageRow) throws -> Int64 {
            guard let id = ids[row.status.archiveURI] else {
                throw ArchiveError.database("the status \(row.status.archiveURI) vanished while being stored")
            }
            return id
        }
        let numbered = try rows.map { row in (row.status, try id(row)) }
        func values(_ rows: [[SQLArgument]]) -> [[SQLValue]] { rows.map { $0.map(SQLValue.init) } }
        // Everything that hangs off the new rows needs only their ids: sent together, with one wait.
        var sent: [SentStatement] = []
        if origin.recordsServerIDs {
            sent += sendMany(
                connection, logger, PageStoreStatements.serverIDColumns,
                rows: values(numbered.map { PageStoreStatements.serverIDRow($0, $1, origin) }),
                suffix: PageStoreStatements.serverIDConflict)
        }
        if let timelineID = origin.timelineID {
            sent += sendMany(
                connection, logger, TimelineStatusStatements.target,
                rows: values(numbered.map { TimelineStatusStatements.row(timelineID, $1, now: now) }),
                suffix: TimelineStatusStatements.keepFirst)
        }
        sent += sendMany(
            connection, logger, PageStoreStatements.mediaTarget,
            rows: values(numbered.flatMap { PageStoreStatements.mediaArguments(of: $1, $0) }))
        sent += sendMany(
            connection, logger, EditHistoryStatements.wantTarget,
            rows: values(numbered.compactMap { EditHistoryStatements.wantRow($0, $1, origin, now: now) }),
            suffix: EditHistoryStatements.wantConflict)
        let authors = rows.filter(\.writesAuthor).map { authorValues($0, origin: origin, now: now) }
        sent += sendAuthors(authors.map(\.profile), versions: authors.map(\.version), connection, logger)
        _ = try await sent.answers()
        return lost
    }

    /// `INSERT INTO target VALUES (…), (…) suffix`, one statement for all `rows` (none: nothing sent; more
    /// than PostgreSQL's 65,535 parameters: a statement per slice that fits); returns the rows it returned
    /// (a `suffix` may end in `RETURNING`).
    @discardableResult
    static func insertMany(
        _ connection: PostgresConnection, _ logger: Logger, _ target: String,
        rows: [[SQLValue]], suffix: String = ""
    ) async throws -> [PostgresRandomAccessRow] {
        Array(
            try await sendMany(connection, logger, target, rows: rows, suffix: suffix).answers().joined())
    }

    /// The statements of `insertMany`, sent without waiting for them (see ``SentStatement``).
    static func sendMany(
        _ connection: PostgresConnection, _ logger: Logger, _ target: String,
        rows: [[SQLValue]], suffix: String = ""
    ) -> [SentStatement] {
        guard let width = rows.first?.count else { return [] }
        return chunked(rows, by: max(1, 65_535 / width)).map { chunk in
            var parameter = 0
            let tuples = chunk.map { _ in
                "("
                    + (0..<width).map { _ in
                        parameter += 1
                        return "$\(parameter)"
                    }.joined(separator: ", ") + ")"
            }
            return connection.send(
                TableStatements.insert(into: target, tuples.joined(separator: ", ")) + " " + suffix,
                chunk.flatMap { $0 }, logger: logger)
        }
    }
}
