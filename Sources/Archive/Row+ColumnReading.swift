import ArchiveCore
import Foundation
import GRDB

/// GRDB's rows read by column name for ``RowDecoder``, through GRDB's own typed reads (the ones its
/// subscripts use, with its conversions: a boolean from an integer, bytes from text), so that a value
/// decoded from a row costs what the same cells read by hand cost.
extension Row: ColumnReading {
    package func isNull(_ column: String) -> Bool { (self[column] as DatabaseValue).isNull }
    package func text(_ column: String) throws -> String { try decode(String.self, forColumn: column) }
    package func integer(_ column: String) throws -> Int64 { try decode(Int64.self, forColumn: column) }
    package func real(_ column: String) throws -> Double { try decode(Double.self, forColumn: column) }
    package func boolean(_ column: String) throws -> Bool { try decode(Bool.self, forColumn: column) }
    package func bytes(_ column: String) throws -> Data { try decode(Data.self, forColumn: column) }
    package func optionalText(_ column: String) throws -> String? { try decode(String?.self, forColumn: column) }
    package func optionalInteger(_ column: String) throws -> Int64? { try decode(Int64?.self, forColumn: column) }
    package func optionalReal(_ column: String) throws -> Double? { try decode(Double?.self, forColumn: column) }
}
