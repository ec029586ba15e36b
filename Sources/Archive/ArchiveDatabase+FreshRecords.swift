import ArchiveCore
import Foundation
import GRDB
import Models

extension ArchiveDatabase {
    /// What rows inserted together (see `FreshRows`) record all at once: their ids on the server and their
    /// timeline, one multi-row statement each where storing them one by one took a statement a row. The
    /// rest follows row by row (`recordInserted`). The rows are new, so nothing of theirs is
    /// there to replace, and the order among them is the page's.
    static func recordInBulk(
        _ statuses: [Status], ids: [Int64], origin: PageOrigin, now: String, powersOfTwo: Bool, _ db: Database
    ) throws {
        if origin.recordsServerIDs {
            try executeTuples(
                "INSERT INTO \(PageStoreStatements.serverIDColumns) VALUES",
                " " + PageStoreStatements.serverIDConflict, width: 5,
                count: ids.count, powersOfTwo: powersOfTwo, db
            ) { index, arguments in
                arguments += StatementArguments(
                    PageStoreStatements.serverIDRow(statuses[index], ids[index], origin).map(\.databaseValue))
            }
        }
        if let timelineID = origin.timelineID {
            try executeTuples(
                "INSERT INTO \(TimelineStatusStatements.target) VALUES", " " + TimelineStatusStatements.keepFirst,
                width: 3, count: ids.count, powersOfTwo: powersOfTwo, db
            ) { index, arguments in
                arguments += StatementArguments(
                    TimelineStatusStatements.row(timelineID, ids[index], now: now).map(\.databaseValue))
            }
        }
    }

    /// Runs `head (…), (…) tail` over `count` tuples of `width` parameters that `values` appends; returns
    /// the rows of `RETURNING returning`, when given, in the order SQLite gives them.
    ///
    /// A statement takes as many tuples as SQLite's 32,766 parameters allow, or with `powersOfTwo` the
    /// largest power of two of those left (a page of 42 rows is 32 + 8 + 2). Each size is prepared once and
    /// kept: a sync's pages come in every count from 1 to a page's, and a statement kept for each, compiled
    /// with the full-text triggers, grew its peak memory by 11 MiB; in powers of two there are a handful.
    /// An import's batches are all of one size but the last, and go in one statement each.
    @discardableResult
    static func executeTuples(
        _ head: String, _ tail: String, returning: String? = nil, width: Int, count: Int, powersOfTwo: Bool,
        _ db: Database, values: (Int, inout StatementArguments) throws -> Void
    ) throws -> [Row] {
        let tuple = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        let limit = 32_766 / width
        var returned: [Row] = []
        var start = 0
        while start < count {
            var size = min(count - start, limit)
            if powersOfTwo { size = 1 << (Int.bitWidth - 1 - size.leadingZeroBitCount) }
            let end = start + size
            defer { start = end }
            var arguments = StatementArguments()
            for index in start..<end { try values(index, &arguments) }
            let statement = try db.cachedStatement(
                sql: head + " " + Array(repeating: tuple, count: end - start).joined(separator: ", ") + tail
                    + (returning.map { " RETURNING " + $0 } ?? ""))
            if returning != nil {
                returned += try Row.fetchAll(statement, arguments: arguments)
            } else {
                try statement.execute(arguments: arguments)
            }
        }
        return returned
    }
}
