import Foundation

/// Decodes a `Decodable` from a row of either store, one coding key a column (GRDB's `FetchableRecord`
/// way): a seam value whose JSON record names its fields as the schema names its columns (see
/// `docs/json.md`) is read through its own `Decodable` conformance, written once for both stores,
/// instead of a cell read per field per store.
package struct RowDecoder<Row: ColumnReading>: Decoder {
    let row: Row

    package init(_ row: Row) { self.row = row }

    /// A value decoded from a row.
    package static func decode<T: Decodable>(_ type: T.Type, from row: Row) throws -> T {
        try T(from: RowDecoder(row))
    }

    package var codingPath: [any CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Columns<Key>(row: row))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: [], debugDescription: "a row decodes as a keyed value"))
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Row.self, .init(codingPath: [], debugDescription: "a row decodes as a keyed value"))
    }

    /// The row's columns by coding key.
    private struct Columns<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let row: Row
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { try row.isNull(key.stringValue) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try row.boolean(key.stringValue) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try row.text(key.stringValue) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try row.real(key.stringValue) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try row.integer(key.stringValue) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try row.real(key.stringValue)) }
        /// Every other integer width (a generic witness of each requirement), when the cell fits it.
        func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try Cell(row: row, column: key.stringValue).integer()
        }

        // An optional cell in one lookup of its column, not a NULL test and a read.
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            try row.optionalText(key.stringValue)
        }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
            try row.optionalInteger(key.stringValue)
        }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
            try row.optionalReal(key.stringValue)
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            if type == Data.self, let bytes = try row.bytes(key.stringValue) as? T { return bytes }
            // Anything else (an enum with raw values) decodes from the one cell.
            return try T(from: Cell(row: row, column: key.stringValue))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "a cell nests nothing"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: [key], debugDescription: "a cell nests nothing"))
        }

        func superDecoder() throws -> any Decoder { RowDecoder(row) }
        func superDecoder(forKey key: Key) throws -> any Decoder { Cell(row: row, column: key.stringValue) }
    }

    /// One cell, as a single value.
    private struct Cell: Decoder, SingleValueDecodingContainer {
        let row: Row
        let column: String
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "\(column) is one cell"))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: [], debugDescription: "\(column) is one cell"))
        }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { (try? row.isNull(column)) ?? true }
        func decode(_ type: Bool.Type) throws -> Bool { try row.boolean(column) }
        func decode(_ type: String.Type) throws -> String { try row.text(column) }
        func decode(_ type: Double.Type) throws -> Double { try row.real(column) }
        func decode(_ type: Int64.Type) throws -> Int64 { try row.integer(column) }
        func decode(_ type: Float.Type) throws -> Float { Float(try row.real(column)) }
        func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T { try integer() }

        /// The cell as an integer of another width, when it fits.
        func integer<T: FixedWidthInteger>() throws -> T {
            let value = try row.integer(column)
            guard let fitting = T(exactly: value) else {
                throw DecodingError.typeMismatch(
                    T.self, .init(codingPath: [], debugDescription: "\(column) holds \(value), which \(T.self) cannot"))
            }
            return fitting
        }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if type == Data.self, let bytes = try row.bytes(column) as? T { return bytes }
            return try T(from: self)
        }
    }
}

extension ColumnReading {
    /// The row as a value, through the value's own `Decodable` conformance (see ``RowDecoder``).
    package func decoded<T: Decodable>(as type: T.Type) throws -> T { try RowDecoder.decode(type, from: self) }
}
