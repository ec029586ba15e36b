import ArchiveCore
import Foundation
import PostgresNIO

/// PostgresNIO's rows read by column name for ``RowDecoder``: a cell by its type (an integer of any width
/// the store keeps, a real, a boolean, bytes; anything else as text). The typed reads and their
/// conversions are `ColumnReading`'s.
extension PostgresRandomAccessRow: ColumnReading {
    package func cell(_ column: String) throws -> StoredCell? {
        guard contains(column) else { return nil }
        return try Self.cell(self[column])
    }

    package func isNull(_ column: String) -> Bool { !contains(column) || self[column].bytes == nil }

    package func cell(at index: Int) throws -> StoredCell? { try Self.cell(self[index]) }

    private static func cell(_ cell: PostgresCell) throws -> StoredCell? {
        guard cell.bytes != nil else { return nil }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .bool: return .boolean(try cell.decode(Bool.self))
        case .bytea: return .bytes(try cell.decode(Data.self))
        default: return .text(try cell.decode(String.self))
        }
    }
}
