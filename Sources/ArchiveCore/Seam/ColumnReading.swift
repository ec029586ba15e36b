import Foundation

/// A row's cells by column name, as a store's driver reads them (GRDB's `Row`, PostgresNIO's
/// `PostgresRandomAccessRow`): all ``RowDecoder`` needs to decode a `Decodable` from either store.
package protocol ColumnReading {
    /// Whether the cell is NULL, or the row has no such column.
    func isNull(_ column: String) throws -> Bool
    /// The cell as text.
    func text(_ column: String) throws -> String
    /// The cell as an integer (of any width the store keeps).
    func integer(_ column: String) throws -> Int64
    /// The cell as a floating-point number.
    func real(_ column: String) throws -> Double
    /// The cell as a boolean (SQLite keeps integers).
    func boolean(_ column: String) throws -> Bool
    /// The cell as bytes.
    func bytes(_ column: String) throws -> Data
    /// The cell as text, `nil` when NULL: one lookup of the column where the driver allows it (a row's
    /// optional fields are most of a search hit's).
    func optionalText(_ column: String) throws -> String?
    /// The cell as an integer, `nil` when NULL.
    func optionalInteger(_ column: String) throws -> Int64?
    /// The cell as a floating-point number, `nil` when NULL.
    func optionalReal(_ column: String) throws -> Double?
}

extension ColumnReading {
    package func optionalText(_ column: String) throws -> String? {
        try isNull(column) ? nil : text(column)
    }
    package func optionalInteger(_ column: String) throws -> Int64? {
        try isNull(column) ? nil : integer(column)
    }
    package func optionalReal(_ column: String) throws -> Double? {
        try isNull(column) ? nil : real(column)
    }
}
