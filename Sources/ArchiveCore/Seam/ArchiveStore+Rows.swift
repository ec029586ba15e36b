import Foundation

/// Reading a store's tables as rows for a copy to another store (`icebox migrate`, see ``StoreRows``),
/// written once over the store's ``StoreExecutor``: the catalogue and the columns a store keeps for itself
/// are its dialect's; writing copied rows (and what each store computes from them) stays each driver's.
extension ArchiveStore {
    public var copiedTables: [String] { archiveTables }

    public func copiedColumns(_ table: String) async throws(ArchiveError) -> [String] {
        let uncopied = executor.dialect.uncopiedColumns[table] ?? []
        return try await catalogue(of: table).map(\.name).filter { !uncopied.contains($0) }
    }

    public func rowCount(_ table: String) async throws(ArchiveError) -> Int {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        let count = try await executor.fetchFirst(SQLStatement(StatsStatements.count(table))) { try $0.integer("n") }
        return Int(count ?? 0)
    }

    public func readRows(_ table: String, columns: [String], offset: Int, limit: Int) async throws(ArchiveError)
        -> [[CopyValue]]
    {
        let dialect = executor.dialect
        // Primary-key order, text compared by its bytes so that both stores page alike.
        var keys = try await catalogue(of: table).filter { $0.key > 0 }.sorted { $0.key < $1.key }.map {
            $0.type.lowercased() == "text"
                ? dialect.bytewise(TableStatements.quoted($0.name)) : TableStatements.quoted($0.name)
        }
        if keys.isEmpty, let implicit = dialect.engine.implicitRowKey { keys = [implicit] }
        // A raw JSON is copied whole, as its server sent it (see `SQLDialect.servedJSON(of:)`).
        let served = dialect.servedJSON(of: table)
        let selected = columns.map { column in
            if column == "raw_json", let served { served + " AS raw_json" } else { TableStatements.quoted(column) }
        }
        let page = SQLStatement(
            TableStatements.page(selected, of: table, orderedBy: keys), .int(Int64(limit)), .int(Int64(offset)))
        let width = columns.count
        return try await executor.fetch(page) { row in
            try (0..<width).map { index in CopyValue(try row.cell(at: index)) }
        }
    }

    /// The columns of `table` in the store's catalogue: name, declared type, place in the primary key.
    private func catalogue(of table: String) async throws(ArchiveError) -> [(name: String, type: String, key: Int64)] {
        guard archiveTables.contains(table) else { throw .notFound("the table \(table)") }
        return try await executor.fetch(SQLStatement(executor.dialect.tableColumns, .text(table))) {
            (name: try $0.text("name"), type: try $0.text("type"), key: try $0.integer("key"))
        }
    }
}

extension CopyValue {
    /// A cell as a copy carries it: a boolean as the integer SQLite keeps.
    init(_ cell: StoredCell?) {
        switch cell {
        case nil: self = .null
        case .integer(let value)?: self = .int(value)
        case .real(let value)?: self = .double(value)
        case .text(let value)?: self = .text(value)
        case .bytes(let value)?: self = .bytes(value)
        case .boolean(let value)?: self = .int(value ? 1 : 0)
        }
    }
}
