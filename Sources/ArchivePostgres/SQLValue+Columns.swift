import Foundation
import NIOCore
import PostgresNIO

extension SQLValue {
    /// Rows of scalar values (each row's of the same kinds, in the same order) as one array a column, for
    /// `INSERT … SELECT … FROM unnest($1, $2, …)`: a statement whose text and parameters are the same for
    /// any number of rows, so PostgreSQL parses and plans a few dozen parameters instead of tens of
    /// thousands (a batch's multi-row `VALUES` took longer to plan than to run). An array has no place in
    /// a column: where a row holds one, its column reads NULL.
    static func columns(of rows: [[SQLValue]]) -> [SQLValue] {
        guard let first = rows.first else { return [] }
        return first.indices.map { column in
            switch first[column] {
            case .int, .integers, .intArray:
                .integers(rows.map { if case .int(let value) = $0[column] { value } else { nil } })
            case .bool, .booleans:
                .booleans(rows.map { if case .bool(let value) = $0[column] { value } else { nil } })
            case .bytes, .blobs:
                .blobs(rows.map { if case .bytes(let value) = $0[column] { value } else { nil } })
            case .double, .doubles:
                .doubles(rows.map { if case .double(let value) = $0[column] { value } else { nil } })
            case .text, .texts, .textArray:
                .texts(rows.map { if case .text(let value) = $0[column] { value } else { nil } })
            }
        }
    }
}

/// A one-dimensional PostgreSQL array whose elements may be NULL (PostgresNIO's own arrays cannot
/// hold NULL), in the binary format: dimensions, whether NULLs occur, the element type, the length and
/// lower bound, then each element as its length (-1 for NULL) and bytes.
struct NullableArray<Element: PostgresArrayEncodable & PostgresNonThrowingEncodable>: PostgresNonThrowingEncodable {
    var elements: [Element?]

    init(_ elements: [Element?]) { self.elements = elements }

    static var psqlType: PostgresDataType { Element.psqlArrayType }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        buffer.writeInteger(elements.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(elements.contains { $0 == nil } ? 1 : 0, as: Int32.self)
        buffer.writeInteger(Element.psqlType.rawValue)
        guard !elements.isEmpty else { return }
        buffer.writeInteger(Int32(elements.count))
        buffer.writeInteger(1, as: Int32.self)
        for element in elements {
            guard let element else {
                buffer.writeInteger(-1, as: Int32.self)
                continue
            }
            let lengthAt = buffer.writerIndex
            buffer.writeInteger(0, as: Int32.self)
            element.encode(into: &buffer, context: context)
            buffer.setInteger(Int32(buffer.writerIndex - lengthAt - 4), at: lengthAt)
        }
    }
}
