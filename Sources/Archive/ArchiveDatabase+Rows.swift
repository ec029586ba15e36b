import ArchiveCore
import Foundation
import GRDB

/// The SQLite archive's tables as rows, for `icebox migrate` (see `StoreRows`).
extension ArchiveDatabase {
    public var copiedTables: [String] { archiveTables }

    public func copiedColumns(_ table: String) async throws(ArchiveError) -> [String] {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        return try await read { db in
            // Generated columns too (hidden 2 and 3): statuses.content is one, read from the raw JSON.
            try Row.fetchAll(
                db, sql: "SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (0, 2, 3) ORDER BY cid",
                arguments: [table]
            )
            .map { $0["name"] as String }
            .filter { !(table == "statuses" && Self.uncopiedStatusColumns.contains($0)) }
        }
    }

    /// The columns of `statuses` a copy leaves out: the store's own keys and marks (the destination makes
    /// its own), where an account object was cut out of the raw JSON, which is copied whole, and the
    /// content kept apart from the raw JSON (`content` is copied, see `writeRows`).
    private static let uncopiedStatusColumns: Set = [
        "sort_key", "user_marks", "raw_account", "raw_account_at", "content_kept",
    ]

    /// Keeps a copied status's content apart only where its raw JSON does not give it back (see
    /// `schema/0034_content_from_json.sql`): ?1 its number.
    private static let keptContentCleared = """
        UPDATE statuses SET content_kept = NULL WHERE id = ?1 AND content_kept IS
            IFNULL(CASE WHEN json_valid(CAST(raw_json AS TEXT)) THEN json_extract(CAST(raw_json AS TEXT), '$.content') END, '')
        """

    public func rowCount(_ table: String) async throws(ArchiveError) -> Int {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        return try await read { db in try Int.fetchOne(db, sql: StatsStatements.count(table)) ?? 0 }
    }

    public func readRows(_ table: String, columns: [String], offset: Int, limit: Int) async throws(ArchiveError)
        -> [[CopyValue]]
    {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        let keys = try await primaryKey(table)
        return try await read { db in
            // A status's raw JSON is copied whole, its account object spliced back (see `StoredRawJSON`).
            let selected = columns.map {
                table == "statuses" && $0 == "raw_json"
                    ? SQLiteDialect().rawJSON(of: "statuses") : TableStatements.quoted($0)
            }
            let sql = TableStatements.page(selected, of: table, orderedBy: keys.map(TableStatements.quoted))
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [limit, offset]).map { row in
                (0..<row.count).map { index -> CopyValue in
                    let value: DatabaseValue = row[index]
                    switch value.storage {
                    case .null: return .null
                    case .int64(let number): return .int(number)
                    case .double(let number): return .double(number)
                    case .string(let text): return .text(text)
                    case .blob(let data): return .bytes(data)
                    }
                }
            }
        }
    }

    public func writeRows(_ table: String, columns: [String], rows: [[CopyValue]]) async throws(ArchiveError) {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        // statuses.content is generated from the raw JSON: the copied text goes to content_kept, which
        // keeps it only when the JSON says otherwise.
        let names = columns.map { table == "statuses" && $0 == "content" ? "content_kept" : $0 }
            .map(TableStatements.quoted).joined(separator: ", ")
        let keepsContent = table == "statuses" && columns.contains("content")
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let createdAt = columns.firstIndex(of: "created_at")
        try await write { db in
            for row in rows {
                let values = row.map(Self.databaseValue)
                guard table == "statuses", let createdAt, case .text(let created) = row[createdAt] else {
                    try db.cachedStatement(sql: TableStatements.insert(into: "\(table)(\(names))", "(\(placeholders))"))
                        .execute(arguments: StatementArguments(values))
                    continue
                }
                // The date order key, as storing the status computes it (see SortKey).
                let floor = SortKey.floor(Timestamp.date(created) ?? Date(timeIntervalSince1970: 0))
                do {
                    try db.cachedStatement(
                        sql: TableStatements.insert(
                            into: "statuses(\(names), sort_key)", "(\(placeholders), \(SortKey.nextSQL))")
                    )
                    .execute(arguments: StatementArguments(values + [floor, floor, floor].map(\.databaseValue)))
                } catch let error as DatabaseError where SortKey.isCollision(error) {
                    let key = try SortKey.spill(above: floor, db)
                    try db.cachedStatement(
                        sql: TableStatements.insert(into: "statuses(\(names), sort_key)", "(\(placeholders), ?)")
                    )
                    .execute(arguments: StatementArguments(values + [key.databaseValue]))
                }
                if keepsContent {
                    try db.cachedStatement(sql: Self.keptContentCleared).execute(arguments: [db.lastInsertedRowID])
                }
            }
        }
    }

    public func finishCopy() async throws(ArchiveError) {
        // The user's marks are not copied (PostgreSQL has none): they are computed from what was.
        try await write { db in try UserMarks.recomputeAll(db) }
    }

    private func primaryKey(_ table: String) async throws(ArchiveError) -> [String] {
        try await read { db in
            let keys = try Row.fetchAll(
                db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
                arguments: [table]
            ).map { $0["name"] as String }
            return keys.isEmpty ? ["rowid"] : keys
        }
    }

    private static func databaseValue(_ value: CopyValue) -> DatabaseValue { SQLArgument(value).databaseValue }
}
