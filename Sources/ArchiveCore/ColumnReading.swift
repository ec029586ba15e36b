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
}
