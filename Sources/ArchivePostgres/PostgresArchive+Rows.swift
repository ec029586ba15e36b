import ArchiveCore
import Foundation
import PostgresNIO

/// The PostgreSQL store's tables as rows, for `icebox migrate` (see `StoreRows`).
extension PostgresArchive {
    private func columnTypes(_ table: String) async throws(ArchiveError) -> [(name: String, type: String)] {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        return try await decodingRows(
            """
            SELECT column_name, data_type FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
            """, [.text(table)]
        ) { (name: try $0.text("column_name"), type: try $0.text("data_type")) }
    }

    public func writeRows(_ table: String, columns: [String], rows: [[CopyValue]]) async throws(ArchiveError) {
        let types = Dictionary(
            try await columnTypes(table).map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        let names = columns.map(TableStatements.quoted).joined(separator: ", ")
        let isStatuses = table == "statuses"
        var target = "\(table)(\(names)"
        if isStatuses { target += ", search_words, search_pieces" }
        target += ")"
        let logger = self.logger
        let typed = try rows.map { row throws(ArchiveError) -> [SQLValue] in
            var values = try zip(columns, row).map { column, value throws(ArchiveError) in
                try Self.sqlValue(value, type: types[column] ?? "text", column: column)
            }
            if isStatuses {
                func text(_ column: String) -> String {
                    guard let index = columns.firstIndex(of: column), case .text(let value) = row[index] else {
                        return ""
                    }
                    return value
                }
                // The search vectors from the same words storing the status gives them (see StatusColumns).
                values +=
                    ["text", "spoiler_text", "tag_names", "alt_text", "search_author", "extra_text"]
                    .map { SQLValue.text(SearchWords.spaced(text($0))) } + [.text(text("search_cjk"))]
            }
            return values
        }
        guard let width = typed.first?.count else { return }
        // Many rows a statement, within PostgreSQL's 65,535 parameters.
        let perStatement = max(1, min(500, 60_000 / width))
        try await transaction { connection in
            for start in stride(from: 0, to: typed.count, by: perStatement) {
                let chunk = typed[start..<min(start + perStatement, typed.count)]
                let tuples = chunk.indices.map { index -> String in
                    let base = (index - start) * width
                    var expressions = columns.indices.map { "$\(base + $0 + 1)" }
                    if isStatuses {
                        expressions += [
                            StatusColumns.wordsExpression(firstParameter: base + columns.count + 1),
                            "to_tsvector('simple', $\(base + columns.count + 7))",
                        ]
                    }
                    return "(" + expressions.joined(separator: ", ") + ")"
                }
                try await connection.execute(
                    TableStatements.insert(into: target, tuples.joined(separator: ", ")),
                    chunk.flatMap { $0 }, logger: logger)
            }
        }
    }

    public func finishCopy() async throws(ArchiveError) {
        let sequences = try await decodingRows(
            """
            SELECT table_name, pg_get_serial_sequence(table_name, 'id') AS sequence FROM information_schema.columns
            WHERE table_schema = current_schema() AND column_name = 'id' AND table_name = ANY($1::text[])
            """, [.textArray(archiveTables)]
        ) { (table: try $0.text("table_name"), sequence: try $0.optionalText("sequence")) }
        for (table, sequence) in sequences {
            guard let sequence else { continue }
            try await execute(
                "SELECT setval($1, COALESCE((SELECT MAX(id) FROM \(table)), 0) + 1, false)", [.text(sequence)])
        }
        // Fresh statistics, so the planner knows the copied tables' sizes before the first search.
        try await execute("ANALYZE")
    }

    private static func sqlValue(_ value: CopyValue, type: String, column: String) throws(ArchiveError) -> SQLValue {
        switch (value, type) {
        case (.null, "boolean"): return .bool(nil)
        case (.null, "bytea"): return .bytes(nil)
        case (.null, "smallint"), (.null, "integer"), (.null, "bigint"): return .int(nil)
        case (.null, _): return .text(nil)
        case (.int(let number), "boolean"): return .bool(number != 0)
        case (.int(let number), "smallint"), (.int(let number), "integer"), (.int(let number), "bigint"):
            return .int(number)
        case (.double(let number), "double precision"), (.double(let number), "real"): return .double(number)
        case (.bytes(let data), "bytea"): return .bytes(data)
        case (.text(let text), "bytea"): return .bytes(Data(text.utf8))
        case (.text(let text), "text"): return .text(text)
        case (.int(let number), "text"): return .text(String(number))
        default:
            throw .conflict("the column \(column) holds \(value) where the store keeps \(type)")
        }
    }
}
