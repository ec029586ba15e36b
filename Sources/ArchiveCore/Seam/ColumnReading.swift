import Foundation

/// A row's cells by column name, as a store's driver reads them (GRDB's `Row`, PostgresNIO's
/// `PostgresRandomAccessRow`): all ``RowDecoder`` needs to decode a `Decodable` from either store.
///
/// A driver gives one thing, a cell as the store keeps it (``StoredCell``); the typed reads and their
/// conversions (a boolean from SQLite's integer, text from bytes) are written once here.
package protocol ColumnReading {
    /// The cell of `column` as the store keeps it, `nil` when it is NULL or the row has no such column.
    func cell(_ column: String) throws -> StoredCell?
    /// Whether the cell is NULL, or the row has no such column, without reading its value (a decoder asks
    /// this before every optional field it then reads).
    func isNull(_ column: String) throws -> Bool
    /// The cell at `index` (from 0, in the statement's order), `nil` when it is NULL: for a reader that
    /// walks every column of a row it did not name (a table's rows copied whole).
    func cell(at index: Int) throws -> StoredCell?
}

/// One cell of a row, in the kinds both stores keep (SQLite's storage classes, and PostgreSQL's booleans).
package enum StoredCell: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case bytes(Data)
    case boolean(Bool)
}

/// A cell that does not hold what its reader asked for.
package struct CellMismatch: Error, CustomStringConvertible {
    /// The column read.
    package let column: String
    /// What was asked for: "text", "integer"…
    package let wanted: String
    /// What the cell held, or NULL.
    package let found: StoredCell?

    package var description: String {
        "column \(column): expected \(wanted), found \(found.map { "\($0)".prefix(40) } ?? "NULL")"
    }
}

extension ColumnReading {
    /// Whether the cell is NULL, or the row has no such column.
    package func isNull(_ column: String) throws -> Bool { try cell(column) == nil }

    /// The cell as text (bytes that are UTF-8 read as text).
    package func text(_ column: String) throws -> String {
        try required(column, "text", Self.text)
    }
    /// The cell as an integer (of any width the store keeps; a real only when it is whole).
    package func integer(_ column: String) throws -> Int64 {
        try required(column, "integer", Self.integer)
    }
    /// The cell as a floating-point number.
    package func real(_ column: String) throws -> Double {
        try required(column, "real", Self.real)
    }
    /// The cell as a boolean (SQLite keeps integers: any but 0 is true).
    package func boolean(_ column: String) throws -> Bool {
        try required(column, "boolean", Self.boolean)
    }
    /// The cell as bytes (text as its UTF-8).
    package func bytes(_ column: String) throws -> Data {
        try required(column, "bytes", Self.bytes)
    }
    /// The cell as text, `nil` when NULL.
    package func optionalText(_ column: String) throws -> String? {
        try optional(column, "text", Self.text)
    }
    /// The cell as an integer, `nil` when NULL.
    package func optionalInteger(_ column: String) throws -> Int64? {
        try optional(column, "integer", Self.integer)
    }
    /// The cell as a floating-point number, `nil` when NULL.
    package func optionalReal(_ column: String) throws -> Double? {
        try optional(column, "real", Self.real)
    }

    private func required<T>(_ column: String, _ wanted: String, _ convert: (StoredCell) -> T?) throws -> T {
        let found = try cell(column)
        guard let found, let value = convert(found) else {
            throw CellMismatch(column: column, wanted: wanted, found: found)
        }
        return value
    }

    private func optional<T>(_ column: String, _ wanted: String, _ convert: (StoredCell) -> T?) throws -> T? {
        guard let found = try cell(column) else { return nil }
        guard let value = convert(found) else { throw CellMismatch(column: column, wanted: wanted, found: found) }
        return value
    }

    private static func text(_ cell: StoredCell) -> String? {
        switch cell {
        case .text(let text): text
        case .bytes(let bytes): String(data: bytes, encoding: .utf8)
        default: nil
        }
    }

    private static func integer(_ cell: StoredCell) -> Int64? {
        switch cell {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value)
        case .boolean(let value): value ? 1 : 0
        default: nil
        }
    }

    private static func real(_ cell: StoredCell) -> Double? {
        switch cell {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    private static func boolean(_ cell: StoredCell) -> Bool? {
        switch cell {
        case .boolean(let value): value
        case .integer(let value): value != 0
        case .real(let value): value != 0
        default: nil
        }
    }

    private static func bytes(_ cell: StoredCell) -> Data? {
        switch cell {
        case .bytes(let bytes): bytes
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}
