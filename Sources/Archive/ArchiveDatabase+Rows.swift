import ArchiveCore
import Foundation
import GRDB

/// The SQLite archive's tables as rows, for `icebox migrate` (see `StoreRows`).
extension ArchiveDatabase {
    /// The columns SQLite reads from the raw JSON (generated), each with the column that keeps a row's value
    /// apart where its JSON does not give it back (schema/0034_content_from_json.sql, 0041_url_from_json.sql).
    private static let keptApart = ["content": "content_kept", "url": "url_kept"]

    /// Keeps a copied status's content and url apart only where its raw JSON does not give them back:
    /// ?1 its number.
    private static let keptApartCleared = """
        UPDATE statuses SET
            content_kept = CASE WHEN content_kept IS IFNULL(CASE WHEN json_valid(CAST(raw_json AS TEXT))
                THEN json_extract(CAST(raw_json AS TEXT), '$.content') END, '') THEN NULL ELSE content_kept END,
            url_kept = CASE WHEN url_kept IS (CASE WHEN json_valid(CAST(raw_json AS TEXT))
                    AND json_type(CAST(raw_json AS TEXT), '$.url') = 'text'
                THEN NULLIF(json_extract(CAST(raw_json AS TEXT), '$.url'), '') END) THEN NULL ELSE url_kept END
        WHERE id = ?1 AND (content_kept IS NOT NULL OR url_kept IS NOT NULL)
        """

    public func writeRows(_ table: String, columns: [String], rows: [[CopyValue]]) async throws(ArchiveError) {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        // statuses.content and url are generated from the raw JSON: the copied values go to content_kept
        // and url_kept, which keep them only when the JSON says otherwise.
        let names = columns.map { table == "statuses" ? Self.keptApart[$0] ?? $0 : $0 }
            .map(TableStatements.quoted).joined(separator: ", ")
        let keepsApart = table == "statuses" && columns.contains { Self.keptApart[$0] != nil }
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
                if keepsApart {
                    try db.cachedStatement(sql: Self.keptApartCleared).execute(arguments: [db.lastInsertedRowID])
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
