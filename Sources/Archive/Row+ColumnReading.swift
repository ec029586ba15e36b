import ArchiveCore
import Foundation
import GRDB

/// GRDB's rows read by column name for ``RowDecoder``, with GRDB's own conversions (a boolean from an
/// integer, bytes from text).
extension Row: ColumnReading {
    package func isNull(_ column: String) -> Bool { (self[column] as DatabaseValue).isNull }
    package func text(_ column: String) throws -> String { try value(column) }
    package func integer(_ column: String) throws -> Int64 { try value(column) }
    package func real(_ column: String) throws -> Double { try value(column) }
    package func boolean(_ column: String) throws -> Bool { try value(column) }
    package func bytes(_ column: String) throws -> Data { try value(column) }

    private func value<T: DatabaseValueConvertible>(_ column: String) throws -> T {
        let cell: DatabaseValue = self[column]
        guard let value = T.fromDatabaseValue(cell) else {
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: [], debugDescription: "the column \(column) holds \(cell)"))
        }
        return value
    }
}
