import ArchiveCore
import Foundation
import GRDB

/// GRDB's rows read by column name for ``RowDecoder``: a cell in its SQLite storage class, read with one
/// lookup of the column (the typed reads and their conversions are `ColumnReading`'s).
extension Row: ColumnReading {
    package func cell(_ column: String) -> StoredCell? { Self.cell(self[column]) }

    package func cell(at index: Int) -> StoredCell? { Self.cell(self[index]) }

    private static func cell(_ value: (any DatabaseValueConvertible)?) -> StoredCell? {
        switch value {
        case let value as Int64: .integer(value)
        case let value as Double: .real(value)
        case let value as String: .text(value)
        case let value as Data: .bytes(value)
        default: nil
        }
    }
}
