import ArchiveCore
import Foundation
import GRDB

/// The SQLite archive's tables as rows, for `icebox migrate` (see `StoreRows`).
extension ArchiveDatabase {
    /// Keeps a copied status's content apart only where its raw JSON does not give it back (see
    /// `schema/0034_content_from_json.sql`): ?1 its number.
    private static let keptContentCleared = """
        UPDATE statuses SET content_kept = NULL WHERE id = ?1 AND content_kept IS
            IFNULL(CASE WHEN json_valid(CAST(raw_json AS TEXT)) THEN json_extract(CAST(raw_json AS TEXT), '$.content') END, '')
        """

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
        // The user's marks are copied; computed again from what was copied, they are whole whatever the
        // source kept.
        try await write { db in try UserMarks.recomputeAll(db) }
    }

    private static func databaseValue(_ value: CopyValue) -> DatabaseValue { SQLArgument(value).databaseValue }
}
