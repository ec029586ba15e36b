import ArchiveCore
import Foundation
import PostgresNIO

/// PostgresNIO's rows read by column name for ``RowDecoder`` (an integer of any width the store keeps).
extension PostgresRandomAccessRow: ColumnReading {
    package func isNull(_ column: String) -> Bool { !contains(column) || self[column].bytes == nil }
    package func text(_ column: String) throws -> String { try self[column].decode(String.self) }
    package func integer(_ column: String) throws -> Int64 { try self[column].decode(Int64.self) }
    package func real(_ column: String) throws -> Double { try self[column].decode(Double.self) }
    package func boolean(_ column: String) throws -> Bool { try self[column].decode(Bool.self) }
    package func optionalText(_ column: String) throws -> String? {
        try contains(column) ? self[column].decode(String?.self) : nil
    }
    package func optionalInteger(_ column: String) throws -> Int64? {
        try contains(column) ? self[column].decode(Int64?.self) : nil
    }
    package func optionalReal(_ column: String) throws -> Double? {
        try contains(column) ? self[column].decode(Double?.self) : nil
    }
}
